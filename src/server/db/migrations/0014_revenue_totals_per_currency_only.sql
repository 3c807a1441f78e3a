-- The Payments list's revenue is per currency now, read from 'revenue:<currency>' like the dashboard's
-- (decision 0037): nothing reads the cross-currency 'payments_succeeded_amount' any more, so the trigger
-- stops keeping it and its row goes. The trigger itself (columns, timing) is migration 0012's.
CREATE OR REPLACE FUNCTION "keep_payment_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "activity_totals" WHERE "name" = 'payments' OR "name" LIKE 'revenue:%';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'succeeded' THEN
    PERFORM "add_activity_total"('revenue:' || lower(OLD."currency"), -OLD."amount");
    PERFORM "add_activity_total"('revenue:' || lower(OLD."currency") || ':' || to_char(OLD."created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), -OLD."amount");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'succeeded' THEN
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
DELETE FROM "activity_totals" WHERE "name" = 'payments_succeeded_amount';
