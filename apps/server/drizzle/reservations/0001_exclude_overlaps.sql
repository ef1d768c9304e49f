-- No double booking: the held slots (reservation approved, payment pending or paid) of one
-- guide never overlap; back-to-back hours are allowed ('[)'). btree_gist: core migration 0000.
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_no_overlap" EXCLUDE USING gist ("guide_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("holds");
