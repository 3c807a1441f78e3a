-- First place counts only a strict win (issue 33, item 6; decision 0062): an answer whose score is above every
-- other compared answer's. A tie at the top is counted apart, as tied first, for each answer in it. Rows saved
-- before this count no tie; `npm run comparisons:recompute` rewrites them (docs/operations.md).
ALTER TABLE "leaderboard_answers" ADD COLUMN "tied_first" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "leaderboard_daily" ADD COLUMN "tied_firsts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "leaderboard_totals" ADD COLUMN "tied_firsts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Migration 0020's trigger function, moving the tied first places with the rest.
CREATE OR REPLACE FUNCTION "leaderboard_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r leaderboard_answers%ROWTYPE;
	direction integer;
	timed integer;
BEGIN
	IF TG_OP = 'INSERT' THEN r := NEW; direction := 1; ELSE r := OLD; direction := -1; END IF;
	timed := CASE WHEN r.first_token_bucket IS NULL THEN 0 ELSE 1 END;
	INSERT INTO leaderboard_daily AS d (day, model, model_version, questions, claims_checked, claims_contradicted, first_places, tied_firsts, timed_answers)
	VALUES (r.day, r.model, r.model_version, 0, 0, 0, 0, 0, 0)
	ON CONFLICT (day, model, model_version) DO NOTHING;
	UPDATE leaderboard_daily AS d SET
		questions = d.questions + direction,
		claims_checked = d.claims_checked + direction * r.claims_checked,
		claims_contradicted = d.claims_contradicted + direction * r.claims_contradicted,
		first_places = d.first_places + direction * r.first_place,
		tied_firsts = d.tied_firsts + direction * r.tied_first,
		timed_answers = d.timed_answers + direction * timed,
		first_token_counts = CASE WHEN r.first_token_bucket IS NULL THEN d.first_token_counts
			ELSE leaderboard_bump(d.first_token_counts, r.first_token_bucket, direction) END
	WHERE d.day = r.day AND d.model = r.model AND d.model_version = r.model_version;
	DELETE FROM leaderboard_daily AS d
	WHERE d.day = r.day AND d.model = r.model AND d.model_version = r.model_version AND d.questions = 0;
	INSERT INTO leaderboard_totals AS t (model, model_version, questions, claims_checked, claims_contradicted, first_places, tied_firsts, timed_answers)
	VALUES (r.model, r.model_version, 0, 0, 0, 0, 0, 0)
	ON CONFLICT (model, model_version) DO NOTHING;
	UPDATE leaderboard_totals AS t SET
		questions = t.questions + direction,
		claims_checked = t.claims_checked + direction * r.claims_checked,
		claims_contradicted = t.claims_contradicted + direction * r.claims_contradicted,
		first_places = t.first_places + direction * r.first_place,
		tied_firsts = t.tied_firsts + direction * r.tied_first,
		timed_answers = t.timed_answers + direction * timed,
		first_token_counts = CASE WHEN r.first_token_bucket IS NULL THEN t.first_token_counts
			ELSE leaderboard_bump(t.first_token_counts, r.first_token_bucket, direction) END
	WHERE t.model = r.model AND t.model_version = r.model_version;
	DELETE FROM leaderboard_totals AS t
	WHERE t.model = r.model AND t.model_version = r.model_version AND t.questions = 0;
	RETURN NULL;
END $$;
