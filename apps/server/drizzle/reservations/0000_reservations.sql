CREATE TABLE "reservation_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"guide_id" uuid NOT NULL,
	"date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"holds" boolean DEFAULT false NOT NULL,
	CONSTRAINT "reservation_slots_interval" CHECK ("reservation_slots"."ends_at" > "reservation_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"guide_id" uuid NOT NULL,
	"guide_user_id" uuid NOT NULL,
	"tourist_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"timezone" text NOT NULL,
	"start_hour" smallint NOT NULL,
	"end_hour" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"meeting_point" text NOT NULL,
	"note_to_guide" text,
	"additional_notes" text,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"vehicle_id" uuid,
	"currency" text NOT NULL,
	"hourly_rate_minor" integer NOT NULL,
	"vehicle_hourly_rate_minor" integer DEFAULT 0 NOT NULL,
	"total_hours" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"cancel_reason_key" text,
	"cancel_reason_text" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservations_status" CHECK ("reservations"."status" in ('pending', 'approved', 'payment_pending', 'paid', 'completed', 'cancelled', 'rejected', 'expired')),
	CONSTRAINT "reservations_currency" CHECK ("reservations"."currency" in ('USD', 'TRY')),
	CONSTRAINT "reservations_hours" CHECK ("reservations"."start_hour" between 0 and 23 and "reservations"."end_hour" between 1 and 24 and "reservations"."end_hour" > "reservations"."start_hour"),
	CONSTRAINT "reservations_interval" CHECK ("reservations"."ends_at" > "reservations"."starts_at"),
	CONSTRAINT "reservations_amounts" CHECK ("reservations"."hourly_rate_minor" > 0 and "reservations"."vehicle_hourly_rate_minor" >= 0 and "reservations"."total_hours" > 0 and "reservations"."total_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guide_user_id_users_id_fk" FOREIGN KEY ("guide_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tourist_id_users_id_fk" FOREIGN KEY ("tourist_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_vehicle_id_guide_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."guide_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_slots_reservation_date" ON "reservation_slots" USING btree ("reservation_id","date");--> statement-breakpoint
CREATE INDEX "reservation_slots_guide_holding" ON "reservation_slots" USING btree ("guide_id","starts_at") WHERE "reservation_slots"."holds";--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_tourist_idempotency" ON "reservations" USING btree ("tourist_id","idempotency_key") WHERE "reservations"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "reservations_guide_user_status" ON "reservations" USING btree ("guide_user_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_tourist_status" ON "reservations" USING btree ("tourist_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_status_starts" ON "reservations" USING btree ("status","starts_at");