CREATE TABLE "guide_response_stats" (
	"guide_id" uuid PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL,
	"answered_in_time" integer NOT NULL,
	"rate" smallint,
	"median_seconds" integer,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_answers" (
	"reservation_id" uuid PRIMARY KEY NOT NULL,
	"guide_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "reservation_answers_outcome" CHECK ("reservation_answers"."outcome" in ('answered', 'expired', 'withdrawn')),
	CONSTRAINT "reservation_answers_closed" CHECK (("reservation_answers"."outcome" is null) = ("reservation_answers"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "guide_response_stats" ADD CONSTRAINT "guide_response_stats_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_answers" ADD CONSTRAINT "reservation_answers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_answers" ADD CONSTRAINT "reservation_answers_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_answers_guide_requested" ON "reservation_answers" USING btree ("guide_id","requested_at");