-- Reservations' status history: a trigger writes every status a reservation takes, with who
-- moved it from the transaction's `marco.reservation_actor` setting ({"role", "userId",
-- "reason"}, set by setReservationActor); without one it was Marco itself (expiry,
-- completion). A reservation is created by its tourist.
CREATE FUNCTION record_reservation_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('marco.reservation_actor', true), '')::jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reservation_status_changes (reservation_id, from_status, to_status, at, actor_role, actor_user_id)
    VALUES (NEW.id, NULL, NEW.status, NEW.created_at, 'tourist', NEW.tourist_id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO reservation_status_changes (reservation_id, from_status, to_status, at, actor_role, actor_user_id, reason)
    VALUES (NEW.id, OLD.status, NEW.status, NEW.updated_at, coalesce(actor->>'role', 'system'),
            (actor->>'userId')::uuid, actor->>'reason');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reservations_status_history AFTER INSERT OR UPDATE OF status ON reservations
  FOR EACH ROW EXECUTE FUNCTION record_reservation_status_change();--> statement-breakpoint
-- Reservations made before the history: their creation, and the status they are in now
-- (how they got there was not recorded).
INSERT INTO reservation_status_changes (reservation_id, from_status, to_status, at, actor_role, actor_user_id)
SELECT id, NULL, 'pending', created_at, 'tourist', tourist_id FROM reservations ORDER BY created_at, id;--> statement-breakpoint
INSERT INTO reservation_status_changes (reservation_id, from_status, to_status, at, actor_role)
SELECT id, NULL, status, updated_at, 'system' FROM reservations WHERE status <> 'pending' ORDER BY created_at, id;--> statement-breakpoint
-- The desk's filters and sorts: start date range and order, creation order, one guide, the
-- contact number, and names (trigrams; pg_trgm comes with the core set). A traveller's or a
-- guide's own reservations use reservations_tourist_status / reservations_guide_user_status.
CREATE INDEX reservations_desk_starts ON reservations (starts_at, id);--> statement-breakpoint
CREATE INDEX reservations_desk_created ON reservations (created_at, id);--> statement-breakpoint
CREATE INDEX reservations_desk_guide ON reservations (guide_id, starts_at);--> statement-breakpoint
CREATE INDEX reservations_desk_contact_phone ON reservations (contact_phone);--> statement-breakpoint
CREATE INDEX users_desk_full_name_trgm ON users
  USING gin ((lower(coalesce(name, '') || ' ' || coalesce(surname, ''))) gin_trgm_ops);--> statement-breakpoint
-- The notifications a reservation caused, for its page on the desk.
CREATE INDEX notifications_desk_reservation ON notifications ((payload->>'reservationId'), created_at)
  WHERE payload ? 'reservationId';
