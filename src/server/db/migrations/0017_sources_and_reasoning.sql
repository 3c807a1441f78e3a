-- Sources and reasoning (issue 17, items 2 and 3). A response keeps the pages its answer cites and
-- where it cites them (JSON as common/query-schemas.ts describes), a thinking model's shown reasoning,
-- and two times apart: from its first thought to its first answer word, and from the question to that
-- word. All null on answers saved before, and on answers without them.
ALTER TABLE "responses" ADD COLUMN "sources" jsonb;
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "citation_marks" jsonb;
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "reasoning" text;
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "thinking_ms" integer;
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "first_token_ms" integer;
--> statement-breakpoint
-- "Search the web" was on for the question: a retry of one of its models searches again.
ALTER TABLE "queries" ADD COLUMN "web_search" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- An administrator may choose the version the environment's key answers with without typing the key
-- into Parallax (issue 17, item 1): a server-wide row with a version and no key of its own.
ALTER TABLE "api_keys" ALTER COLUMN "encrypted_key" DROP NOT NULL;
