CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"cause" text NOT NULL,
	"reason" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"provider_refund_id" text,
	"refunded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_minor" > 0),
	CONSTRAINT "payment_refunds_cause" CHECK ("payment_refunds"."cause" in ('cancellation', 'duplicate_payment', 'staff', 'external'))
);
--> statement-breakpoint
DROP INDEX "payments_refund_due";--> statement-breakpoint
DROP INDEX "ledger_entries_payment_kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("payment_id","requested_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_reservation" ON "payment_refunds" USING btree ("reservation_id","requested_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_due" ON "payment_refunds" USING btree ("next_attempt_at") WHERE "payment_refunds"."provider_refund_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_kind" ON "ledger_entries" USING btree ("refund_id","kind") WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_status_reservation" ON "payments" USING btree ("status","reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_kind" ON "ledger_entries" USING btree ("payment_id","kind") WHERE "ledger_entries"."refund_id" is null;--> statement-breakpoint
-- Refunds decided before payments could be refunded in parts (one full refund per payment)
-- become refund rows (keeping the payment id, the idempotency key their provider call used),
-- and their ledger movements name them.
INSERT INTO "payment_refunds" ("id", "payment_id", "reservation_id", "amount_minor", "currency", "cause", "requested_at", "provider_refund_id", "refunded_at", "next_attempt_at")
SELECT "id", "id", "reservation_id", "refunded_minor", "currency",
       CASE WHEN "provider_refund_id" = 'external' THEN 'external' ELSE 'cancellation' END,
       "refund_requested_at", "provider_refund_id",
       CASE WHEN "provider_refund_id" IS NOT NULL THEN coalesce("refunded_at", "updated_at") END,
       "refund_requested_at"
  FROM "payments"
 WHERE "refund_requested_at" IS NOT NULL AND "refunded_minor" > 0;--> statement-breakpoint
UPDATE "ledger_entries" SET "refund_id" = r."id"
  FROM "payment_refunds" r
 WHERE "ledger_entries"."payment_id" = r."payment_id" AND "ledger_entries"."kind" IN ('refund', 'reversal');--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_requested_at";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "provider_refund_id";