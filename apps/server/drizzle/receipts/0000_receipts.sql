CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL,
	CONSTRAINT "receipt_counters_last_number" CHECK ("receipt_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" bigint NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"reservation_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_kind" CHECK ("receipts"."kind" in ('payment', 'refund')),
	CONSTRAINT "receipts_amount" CHECK ("receipts"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_source" ON "receipts" USING btree ("source");--> statement-breakpoint
CREATE INDEX "receipts_reservation" ON "receipts" USING btree ("reservation_id","number");--> statement-breakpoint
INSERT INTO "receipt_counters" ("series", "last_number") VALUES ('receipts', 0);