CREATE TABLE "favourite_guides" (
	"user_id" uuid NOT NULL,
	"guide_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_guides_pkey" PRIMARY KEY("user_id","guide_id")
);
--> statement-breakpoint
ALTER TABLE "favourite_guides" ADD CONSTRAINT "favourite_guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_guides" ADD CONSTRAINT "favourite_guides_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_guides_user_saved" ON "favourite_guides" USING btree ("user_id","created_at" DESC NULLS LAST,"guide_id");--> statement-breakpoint
CREATE INDEX "favourite_guides_guide" ON "favourite_guides" USING btree ("guide_id");