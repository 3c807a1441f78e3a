-- History you can search, page and delete from (issue 20, item 4; decision 0050).
--
-- `search_vector` holds the words of a question (weight A) and of its models' answers (weight B, the
-- comparison row left out: it names every model) in the 'simple' configuration, which lower-cases
-- and splits words without any one language's stemming or stop words. The database keeps it right:
-- a trigger on queries when the question is written, and statement triggers on responses when an
-- answer is inserted, changed (a retry's new text) or removed, so no code that writes them has to
-- know. Each answer counts up to its first 30,000 characters, which keeps a vector far below
-- PostgreSQL's 1 MB limit for a tsvector whatever the text.
--
-- `deleted_at` makes deleting one question undoable: it is hidden from every read at once and the
-- row is purged for good a day later (queries/history-purge.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "queries" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "history_answers_text"("question_id" integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(left(r."text", 30000), E'\n' ORDER BY r."id")
  FROM "responses" r
  WHERE r."query_id" = "question_id" AND r."model" <> 'comparison' AND r."text" IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "history_search_vector"("question" text, "answers" text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce("question", '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce("answers", '')), 'B')
$$;
--> statement-breakpoint
-- What a search box's text asks for: every word it holds, each as a prefix ("kube" finds
-- "kubernetes"), all of them required. The words are the ones to_tsvector finds, so a search splits
-- text exactly as the stored vectors did; each is quoted (quotes and backslashes doubled) before the
-- cast, so no typed character is tsquery syntax. Null when the text holds no word at all.
CREATE FUNCTION "history_search_query"("typed" text) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''':*', ' & ')::tsquery
  FROM unnest(to_tsvector('simple'::regconfig, "typed"))
$$;
--> statement-breakpoint
CREATE FUNCTION "queries_keep_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := "history_search_vector"(NEW."text", "history_answers_text"(NEW."id"));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "queries_search_vector" BEFORE INSERT OR UPDATE OF "text" ON "queries"
  FOR EACH ROW EXECUTE FUNCTION "queries_keep_search_vector"();
--> statement-breakpoint
-- Once per statement, whatever the number of rows: saving a question inserts its answers in one
-- statement, and the question's vector is written once.
CREATE FUNCTION "responses_refresh_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "queries" q
  SET "search_vector" = "history_search_vector"(q."text", "history_answers_text"(q."id"))
  WHERE q."id" IN (SELECT "query_id" FROM "changed_responses");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE refreshes only the questions whose answers' words changed (not a retry counter, say).
CREATE FUNCTION "responses_refresh_search_vector_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "queries" q
  SET "search_vector" = "history_search_vector"(q."text", "history_answers_text"(q."id"))
  WHERE q."id" IN (
    SELECT n."query_id" FROM "changed_responses" n JOIN "previous_responses" o ON o."id" = n."id"
    WHERE n."text" IS DISTINCT FROM o."text" OR n."model" IS DISTINCT FROM o."model" OR n."query_id" <> o."query_id"
    UNION
    SELECT o."query_id" FROM "changed_responses" n JOIN "previous_responses" o ON o."id" = n."id"
    WHERE n."query_id" <> o."query_id"
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "responses_search_vector_insert" AFTER INSERT ON "responses"
  REFERENCING NEW TABLE AS "changed_responses"
  FOR EACH STATEMENT EXECUTE FUNCTION "responses_refresh_search_vector"();
--> statement-breakpoint
CREATE TRIGGER "responses_search_vector_update" AFTER UPDATE ON "responses"
  REFERENCING OLD TABLE AS "previous_responses" NEW TABLE AS "changed_responses"
  FOR EACH STATEMENT EXECUTE FUNCTION "responses_refresh_search_vector_on_update"();
--> statement-breakpoint
CREATE TRIGGER "responses_search_vector_delete" AFTER DELETE ON "responses"
  REFERENCING OLD TABLE AS "changed_responses"
  FOR EACH STATEMENT EXECUTE FUNCTION "responses_refresh_search_vector"();
--> statement-breakpoint
-- The questions saved before this migration.
UPDATE "queries" SET "search_vector" = "history_search_vector"("text", "history_answers_text"("id"));
--> statement-breakpoint
-- A history page reads (user, newest first, id as the tie-break) straight from this index, to the
-- row, so paging by (created_at, id) needs no sort; it replaces (user_id, created_at).
DROP INDEX "queries_user_created_idx";
--> statement-breakpoint
CREATE INDEX "queries_user_history_idx" ON "queries" USING btree ("user_id", "created_at", "id");
--> statement-breakpoint
-- Search narrows to the user and the words in one GIN index (btree_gin lets it hold the integer).
CREATE INDEX "queries_search_idx" ON "queries" USING gin ("user_id", "search_vector") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "queries_deleted_idx" ON "queries" USING btree ("deleted_at") WHERE "deleted_at" IS NOT NULL;
