-- The console overview (issue 18 item 8) sums the ledger's movements week by week over the
-- last twelve weeks; this lets it read only those weeks' rows. Its bookings and
-- cancellations read reservations_desk_created.
CREATE INDEX ledger_entries_overview_created ON ledger_entries (created_at);
