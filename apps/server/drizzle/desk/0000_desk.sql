CREATE TABLE "reservation_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reservation_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text,
	CONSTRAINT "reservation_status_changes_actor_role" CHECK ("reservation_status_changes"."actor_role" in ('tourist', 'guide', 'staff', 'provider', 'system'))
);
--> statement-breakpoint
ALTER TABLE "reservation_status_changes" ADD CONSTRAINT "reservation_status_changes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_status_changes" ADD CONSTRAINT "reservation_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_status_changes_reservation" ON "reservation_status_changes" USING btree ("reservation_id","id");