-- Cost and usage per answer (issue 13, item 4): each model version's price per million tokens, as an
-- administrator enters it, and an index to add up a month's tokens per model for the cost estimate.
CREATE TABLE "model_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"input_per_million" numeric(12, 6) NOT NULL,
	"output_per_million" numeric(12, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "model_prices_model_version_idx" ON "model_prices" USING btree ("model","version");
--> statement-breakpoint
CREATE INDEX "responses_created_idx" ON "responses" USING btree ("created_at");
