-- Background jobs (src/server/jobs/, docs/architecture.md, "Background jobs"): one row per job; an
-- instance owns a running job while its lease lasts, and at most one job of a kind is queued or
-- running at a time (the partial unique index), so a second request finds the first.
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"cursor" text,
	"state" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_active_per_kind" ON "jobs" USING btree ("kind") WHERE status in ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","id");
--> statement-breakpoint
-- Revenue per currency (decision 0037): 'revenue:<currency>' and 'revenue:<currency>:<YYYY-MM>' (UTC
-- month) replace the month totals that added amounts of different currencies. 'payments_succeeded_amount'
-- stays for the Payments list's x-total-revenue header (admin/activity-queries.ts says what it is).
DELETE FROM "activity_totals" WHERE "name" LIKE 'payments\_succeeded\_amount:%';
--> statement-breakpoint
INSERT INTO "activity_totals" ("name", "value")
SELECT 'revenue:' || lower("currency"), sum("amount") FROM "payments" WHERE "status" = 'succeeded' GROUP BY 1
UNION ALL SELECT 'revenue:' || lower("currency") || ':' || to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), sum("amount")
  FROM "payments" WHERE "status" = 'succeeded' GROUP BY 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "keep_payment_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "activity_totals" WHERE "name" = 'payments' OR "name" = 'payments_succeeded_amount' OR "name" LIKE 'revenue:%';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'succeeded' THEN
    PERFORM "add_activity_total"('payments_succeeded_amount', -OLD."amount");
    PERFORM "add_activity_total"('revenue:' || lower(OLD."currency"), -OLD."amount");
    PERFORM "add_activity_total"('revenue:' || lower(OLD."currency") || ':' || to_char(OLD."created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'succeeded' THEN
    PERFORM "add_activity_total"('payments_succeeded_amount', NEW."amount");
    PERFORM "add_activity_total"('revenue:' || lower(NEW."currency"), NEW."amount");
    PERFORM "add_activity_total"('revenue:' || lower(NEW."currency") || ':' || to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), NEW."amount");
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_activity_total"('payments', 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "add_activity_total"('payments', -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "payments_totals" ON "payments";
--> statement-breakpoint
CREATE TRIGGER "payments_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "amount", "currency", "created_at" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "keep_payment_totals"();
