CREATE TABLE "activity_totals" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_registered_idx" ON "users" USING btree ("id","subscription_status","role","is_admin") WHERE (email is not null and username not like 'session\_%');--> statement-breakpoint
CREATE INDEX "users_active_idx" ON "users" USING btree ("id") WHERE (subscription_status = 'active');--> statement-breakpoint
-- The totals start from what is there, and the triggers keep them in the writing transaction
-- (db/schema.ts, activityTotals). 'succeeded' is the payment status that counts as revenue
-- (admin/activity-queries.ts); a month is a calendar month in UTC.
CREATE FUNCTION "add_activity_total"("total_name" text, "delta" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "activity_totals" ("name", "value") VALUES ("total_name", "delta")
  ON CONFLICT ("name") DO UPDATE SET "value" = "activity_totals"."value" + excluded."value"
$$;
--> statement-breakpoint
INSERT INTO "activity_totals" ("name", "value")
SELECT 'payments', count(*) FROM "payments"
UNION ALL SELECT 'payments_succeeded_amount', coalesce(sum("amount"), 0) FROM "payments" WHERE "status" = 'succeeded'
UNION ALL SELECT 'payments_succeeded_amount:' || to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), sum("amount")
  FROM "payments" WHERE "status" = 'succeeded' GROUP BY 1
UNION ALL SELECT 'subscription_events', count(*) FROM "subscription_events";
--> statement-breakpoint
CREATE FUNCTION "keep_payment_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "activity_totals" WHERE "name" = 'payments' OR "name" LIKE 'payments\_succeeded\_amount%';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'succeeded' THEN
    PERFORM "add_activity_total"('payments_succeeded_amount', -OLD."amount");
    PERFORM "add_activity_total"('payments_succeeded_amount:' || to_char(OLD."created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'succeeded' THEN
    PERFORM "add_activity_total"('payments_succeeded_amount', NEW."amount");
    PERFORM "add_activity_total"('payments_succeeded_amount:' || to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), NEW."amount");
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_activity_total"('payments', 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "add_activity_total"('payments', -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_totals" AFTER INSERT OR DELETE OR UPDATE OF "status", "amount", "created_at" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "keep_payment_totals"();
--> statement-breakpoint
CREATE TRIGGER "payments_totals_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_payment_totals"();
--> statement-breakpoint
CREATE FUNCTION "keep_subscription_event_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "activity_totals" WHERE "name" = 'subscription_events';
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "add_activity_total"('subscription_events', 1);
  ELSE
    PERFORM "add_activity_total"('subscription_events', -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscription_events_totals" AFTER INSERT OR DELETE ON "subscription_events"
  FOR EACH ROW EXECUTE FUNCTION "keep_subscription_event_totals"();
--> statement-breakpoint
CREATE TRIGGER "subscription_events_totals_truncate" AFTER TRUNCATE ON "subscription_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_subscription_event_totals"();
