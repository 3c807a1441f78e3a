-- Share, export and a public reliability leaderboard (issue 14; decision 0056).
-- A shared report: its unguessable slug, the question it shows, when it was revoked (then it answers 404), and
-- its link-preview image once drawn, with the key of what it drew so a re-check draws it again.
CREATE TABLE "shared_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"query_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"preview_key" text,
	"preview_png" bytea
);
--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "shared_reports_slug_idx" ON "shared_reports" USING btree ("slug");
--> statement-breakpoint
-- At most one live link per question: sharing again hands back the same one.
CREATE UNIQUE INDEX "shared_reports_live_query_idx" ON "shared_reports" USING btree ("query_id") WHERE "revoked_at" IS NULL;
--> statement-breakpoint
-- Whether a signed-in user's questions may be shown on the leaderboard as examples (issue 14, item 4).
ALTER TABLE "users" ADD COLUMN "contributes_to_leaderboard" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- What one compared answer adds to the leaderboard, rewritten whenever its question's comparison is saved
-- (src/server/leaderboard/answers.ts). A version the vendor did not name is ''.
CREATE TABLE "leaderboard_answers" (
	"query_id" integer NOT NULL,
	"model" text NOT NULL,
	"model_version" text NOT NULL,
	"day" date NOT NULL,
	"claims_checked" integer NOT NULL,
	"claims_contradicted" integer NOT NULL,
	"first_place" integer NOT NULL,
	"first_token_bucket" integer,
	CONSTRAINT "leaderboard_answers_pk" PRIMARY KEY ("query_id", "model")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_answers" ADD CONSTRAINT "leaderboard_answers_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The leaderboard's recently disputed questions, newest first within the period: an index-only walk that stops
-- after a few rows (bench/leaderboard.bench.ts).
CREATE INDEX "leaderboard_answers_disputed_idx" ON "leaderboard_answers" USING btree ("day" DESC, "query_id" DESC) WHERE "claims_contradicted" > 0;
--> statement-breakpoint
-- The rollup a page view reads: one row per day, model and version. first_token_counts[b] counts the answers
-- whose first word came in bucket b (src/server/leaderboard/first-token-buckets.ts), so medians of any
-- period come from summed rows.
CREATE TABLE "leaderboard_daily" (
	"day" date NOT NULL,
	"model" text NOT NULL,
	"model_version" text NOT NULL,
	"questions" integer NOT NULL,
	"claims_checked" integer NOT NULL,
	"claims_contradicted" integer NOT NULL,
	"first_places" integer NOT NULL,
	"timed_answers" integer NOT NULL,
	"first_token_counts" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "leaderboard_daily_pk" PRIMARY KEY ("day", "model", "model_version")
);
--> statement-breakpoint
-- The same totals over all time, one row per model and version: the all-time board reads these instead of
-- every day row (bench/leaderboard.bench.ts).
CREATE TABLE "leaderboard_totals" (
	"model" text NOT NULL,
	"model_version" text NOT NULL,
	"questions" integer NOT NULL,
	"claims_checked" integer NOT NULL,
	"claims_contradicted" integer NOT NULL,
	"first_places" integer NOT NULL,
	"timed_answers" integer NOT NULL,
	"first_token_counts" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "leaderboard_totals_pk" PRIMARY KEY ("model", "model_version")
);
--> statement-breakpoint
-- Kept by the database itself: any insert or delete of a leaderboard_answers row, including the cascade when
-- a question or its owner is deleted, moves the day's totals and the all-time totals by exactly that row. A
-- row that counts nothing is removed, so both tables equal a full recount.
CREATE FUNCTION "leaderboard_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r leaderboard_answers%ROWTYPE;
	direction integer;
	timed integer;
BEGIN
	IF TG_OP = 'INSERT' THEN r := NEW; direction := 1; ELSE r := OLD; direction := -1; END IF;
	timed := CASE WHEN r.first_token_bucket IS NULL THEN 0 ELSE 1 END;
	INSERT INTO leaderboard_daily AS d (day, model, model_version, questions, claims_checked, claims_contradicted, first_places, timed_answers)
	VALUES (r.day, r.model, r.model_version, 0, 0, 0, 0, 0)
	ON CONFLICT (day, model, model_version) DO NOTHING;
	UPDATE leaderboard_daily AS d SET
		questions = d.questions + direction,
		claims_checked = d.claims_checked + direction * r.claims_checked,
		claims_contradicted = d.claims_contradicted + direction * r.claims_contradicted,
		first_places = d.first_places + direction * r.first_place,
		timed_answers = d.timed_answers + direction * timed,
		first_token_counts = CASE WHEN r.first_token_bucket IS NULL THEN d.first_token_counts
			ELSE leaderboard_bump(d.first_token_counts, r.first_token_bucket, direction) END
	WHERE d.day = r.day AND d.model = r.model AND d.model_version = r.model_version;
	DELETE FROM leaderboard_daily AS d
	WHERE d.day = r.day AND d.model = r.model AND d.model_version = r.model_version AND d.questions = 0;
	INSERT INTO leaderboard_totals AS t (model, model_version, questions, claims_checked, claims_contradicted, first_places, timed_answers)
	VALUES (r.model, r.model_version, 0, 0, 0, 0, 0)
	ON CONFLICT (model, model_version) DO NOTHING;
	UPDATE leaderboard_totals AS t SET
		questions = t.questions + direction,
		claims_checked = t.claims_checked + direction * r.claims_checked,
		claims_contradicted = t.claims_contradicted + direction * r.claims_contradicted,
		first_places = t.first_places + direction * r.first_place,
		timed_answers = t.timed_answers + direction * timed,
		first_token_counts = CASE WHEN r.first_token_bucket IS NULL THEN t.first_token_counts
			ELSE leaderboard_bump(t.first_token_counts, r.first_token_bucket, direction) END
	WHERE t.model = r.model AND t.model_version = r.model_version;
	DELETE FROM leaderboard_totals AS t
	WHERE t.model = r.model AND t.model_version = r.model_version AND t.questions = 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- counts with element `bucket` (0-based) moved by `delta`, grown with zeros as needed.
CREATE FUNCTION "leaderboard_bump"(counts integer[], bucket integer, delta integer) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	result integer[] := counts;
	i integer;
BEGIN
	FOR i IN coalesce(array_length(result, 1), 0) + 1 .. bucket + 1 LOOP
		result := result || 0;
	END LOOP;
	result[bucket + 1] := result[bucket + 1] + delta;
	RETURN result;
END $$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_answers_rollup" AFTER INSERT OR DELETE ON "leaderboard_answers"
	FOR EACH ROW EXECUTE FUNCTION "leaderboard_apply"();
