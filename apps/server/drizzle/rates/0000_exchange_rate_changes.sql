CREATE TABLE "exchange_rate_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"currency_id" uuid NOT NULL,
	"units_per_usd" numeric(18, 6) NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rate_changes_positive" CHECK ("exchange_rate_changes"."units_per_usd" > 0),
	CONSTRAINT "exchange_rate_changes_source" CHECK ("exchange_rate_changes"."source" in ('form', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "exchange_rate_changes" ADD CONSTRAINT "exchange_rate_changes_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rate_changes" ADD CONSTRAINT "exchange_rate_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rate_changes_currency_effective" ON "exchange_rate_changes" USING btree ("currency_id","effective_at","id");--> statement-breakpoint
CREATE INDEX "exchange_rate_changes_effective" ON "exchange_rate_changes" USING btree ("effective_at","id");