CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"model" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"api_version" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"selected_models" jsonb NOT NULL,
	"comparison_summary" jsonb,
	"charged_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"query_id" integer NOT NULL,
	"model" text NOT NULL,
	"model_version" text,
	"text" text,
	"error" text,
	"response_time_ms" integer,
	"confidence_score" real,
	"input_tokens" integer,
	"output_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_server_model_idx" ON "api_keys" USING btree ("model") WHERE "api_keys"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_user_model_idx" ON "api_keys" USING btree ("user_id","model") WHERE "api_keys"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "queries_user_created_idx" ON "queries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "responses_query_idx" ON "responses" USING btree ("query_id");