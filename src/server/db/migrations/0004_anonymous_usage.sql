CREATE TABLE "anonymous_usage" (
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "anonymous_usage_scope_window_start_pk" PRIMARY KEY("scope","window_start")
);
--> statement-breakpoint
CREATE INDEX "anonymous_usage_window_idx" ON "anonymous_usage" USING btree ("window_start");