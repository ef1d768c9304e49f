CREATE TABLE "guide_bank_accounts" (
	"guide_id" uuid PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text,
	"iban" text NOT NULL,
	"swift" text NOT NULL,
	"holder_first_name" text NOT NULL,
	"holder_last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"card_key" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"duration_source" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_files_kind" CHECK ("guide_files"."kind" in ('photo', 'video', 'vehicle_photo', 'identity', 'certificate', 'vehicle_registration', 'vehicle_insurance')),
	CONSTRAINT "guide_files_vehicle" CHECK (("guide_files"."vehicle_id" is not null) = ("guide_files"."kind" in ('vehicle_photo', 'vehicle_registration', 'vehicle_insurance'))),
	CONSTRAINT "guide_files_cover_photo" CHECK (not "guide_files"."is_cover" or "guide_files"."kind" = 'photo'),
	CONSTRAINT "guide_files_duration_source" CHECK ("guide_files"."duration_source" in ('file', 'client'))
);
--> statement-breakpoint
CREATE TABLE "guide_free_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_hour" smallint NOT NULL,
	"end_hour" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_free_dates_hours" CHECK ("guide_free_dates"."start_hour" between 0 and 23 and "guide_free_dates"."end_hour" between 1 and 24 and "guide_free_dates"."end_hour" > "guide_free_dates"."start_hour")
);
--> statement-breakpoint
CREATE TABLE "guide_id_verifications" (
	"guide_id" uuid PRIMARY KEY NOT NULL,
	"verification_type_id" uuid NOT NULL,
	"issuing_country_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"language_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_languages_guide_language" UNIQUE("guide_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "guide_service_kinds" (
	"guide_id" uuid NOT NULL,
	"service_kind_id" uuid NOT NULL,
	CONSTRAINT "guide_service_kinds_guide_id_service_kind_id_pk" PRIMARY KEY("guide_id","service_kind_id")
);
--> statement-breakpoint
CREATE TABLE "guide_service_types" (
	"guide_id" uuid NOT NULL,
	"service_kind_id" uuid NOT NULL,
	"service_type_id" uuid NOT NULL,
	CONSTRAINT "guide_service_types_guide_id_service_kind_id_service_type_id_pk" PRIMARY KEY("guide_id","service_kind_id","service_type_id")
);
--> statement-breakpoint
CREATE TABLE "guide_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"color" text NOT NULL,
	"plate" text NOT NULL,
	"seat_count" smallint NOT NULL,
	"has_air_conditioning" boolean DEFAULT false NOT NULL,
	"has_child_seat" boolean DEFAULT false NOT NULL,
	"additional_hourly_rate_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_vehicles_seat_count" CHECK ("guide_vehicles"."seat_count" between 1 and 60),
	CONSTRAINT "guide_vehicles_rate" CHECK ("guide_vehicles"."additional_hourly_rate_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "guide_work_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"plan_type" text NOT NULL,
	"start_hour" smallint NOT NULL,
	"end_hour" smallint NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"repeat_every_weeks" smallint DEFAULT 1 NOT NULL,
	"day_of_month" smallint,
	"date" date,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_work_plans_type" CHECK ("guide_work_plans"."plan_type" in ('daily', 'weekly', 'monthly', 'special')),
	CONSTRAINT "guide_work_plans_hours" CHECK ("guide_work_plans"."start_hour" between 0 and 23 and "guide_work_plans"."end_hour" between 1 and 24 and "guide_work_plans"."end_hour" > "guide_work_plans"."start_hour"),
	CONSTRAINT "guide_work_plans_repeat" CHECK ("guide_work_plans"."repeat_every_weeks" between 1 and 52),
	CONSTRAINT "guide_work_plans_day_of_month" CHECK ("guide_work_plans"."day_of_month" between 1 and 31),
	CONSTRAINT "guide_work_plans_shape" CHECK (("guide_work_plans"."plan_type" <> 'weekly' or cardinality("guide_work_plans"."weekdays") > 0)
        and ("guide_work_plans"."plan_type" <> 'monthly' or "guide_work_plans"."day_of_month" is not null)
        and ("guide_work_plans"."plan_type" <> 'special' or "guide_work_plans"."date" is not null))
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"stage" smallint DEFAULT 0 NOT NULL,
	"about" text,
	"country_id" uuid,
	"state_id" uuid,
	"city_id" uuid,
	"street" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"hourly_rate_minor" integer,
	"currency" text,
	"rating" numeric(2, 1),
	"review_count" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"certificated" boolean DEFAULT false NOT NULL,
	"rejection_reason" text,
	"suspension_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_status" CHECK ("guides"."status" in ('draft', 'submitted', 'approved', 'rejected', 'suspended')),
	CONSTRAINT "guides_stage" CHECK ("guides"."stage" between 0 and 8),
	CONSTRAINT "guides_hourly_rate_positive" CHECK ("guides"."hourly_rate_minor" > 0),
	CONSTRAINT "guides_currency" CHECK ("guides"."currency" in ('USD', 'TRY', 'EUR')),
	CONSTRAINT "guides_rate_with_currency" CHECK (("guides"."hourly_rate_minor" is null) = ("guides"."currency" is null)),
	CONSTRAINT "guides_rating" CHECK ("guides"."rating" between 0 and 5),
	CONSTRAINT "guides_review_count" CHECK ("guides"."review_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "guide_bank_accounts" ADD CONSTRAINT "guide_bank_accounts_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_files" ADD CONSTRAINT "guide_files_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_files" ADD CONSTRAINT "guide_files_vehicle_id_guide_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."guide_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_free_dates" ADD CONSTRAINT "guide_free_dates_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_id_verifications" ADD CONSTRAINT "guide_id_verifications_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_id_verifications" ADD CONSTRAINT "guide_id_verifications_verification_type_id_verification_types_id_fk" FOREIGN KEY ("verification_type_id") REFERENCES "public"."verification_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_id_verifications" ADD CONSTRAINT "guide_id_verifications_issuing_country_id_countries_id_fk" FOREIGN KEY ("issuing_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_languages" ADD CONSTRAINT "guide_languages_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_languages" ADD CONSTRAINT "guide_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_languages" ADD CONSTRAINT "guide_languages_level_id_language_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."language_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_service_kinds" ADD CONSTRAINT "guide_service_kinds_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_service_kinds" ADD CONSTRAINT "guide_service_kinds_service_kind_id_service_kinds_id_fk" FOREIGN KEY ("service_kind_id") REFERENCES "public"."service_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_service_types" ADD CONSTRAINT "guide_service_types_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_service_types" ADD CONSTRAINT "guide_service_types_service_kind_id_service_kinds_id_fk" FOREIGN KEY ("service_kind_id") REFERENCES "public"."service_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_service_types" ADD CONSTRAINT "guide_service_types_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_vehicles" ADD CONSTRAINT "guide_vehicles_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_work_plans" ADD CONSTRAINT "guide_work_plans_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_files_storage_key" ON "guide_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_files_one_cover" ON "guide_files" USING btree ("guide_id") WHERE is_cover;--> statement-breakpoint
CREATE UNIQUE INDEX "guide_files_one_video" ON "guide_files" USING btree ("guide_id") WHERE kind = 'video';--> statement-breakpoint
CREATE INDEX "guide_files_guide_kind" ON "guide_files" USING btree ("guide_id","kind","position");--> statement-breakpoint
CREATE INDEX "guide_files_vehicle" ON "guide_files" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "guide_free_dates_guide_date" ON "guide_free_dates" USING btree ("guide_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_languages_one_primary" ON "guide_languages" USING btree ("guide_id") WHERE is_primary;--> statement-breakpoint
CREATE INDEX "guide_languages_language" ON "guide_languages" USING btree ("language_id","level_id","guide_id");--> statement-breakpoint
CREATE INDEX "guide_service_kinds_kind" ON "guide_service_kinds" USING btree ("service_kind_id");--> statement-breakpoint
CREATE INDEX "guide_service_types_type" ON "guide_service_types" USING btree ("service_type_id","guide_id");--> statement-breakpoint
CREATE INDEX "guide_vehicles_guide" ON "guide_vehicles" USING btree ("guide_id","created_at");--> statement-breakpoint
CREATE INDEX "guide_work_plans_guide" ON "guide_work_plans" USING btree ("guide_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_user" ON "guides" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "guides_public_city" ON "guides" USING btree ("city_id","hourly_rate_minor") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "guides_public_country" ON "guides" USING btree ("country_id","hourly_rate_minor") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "guides_public_created" ON "guides" USING btree ("created_at") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "guides_public_rating" ON "guides" USING btree ("rating","review_count") WHERE status = 'approved' and is_active;--> statement-breakpoint
CREATE INDEX "guides_status_submitted" ON "guides" USING btree ("status","submitted_at");