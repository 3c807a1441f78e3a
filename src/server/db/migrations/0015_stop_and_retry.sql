-- Stop and Retry (issue 20, items 1 and 2). `failure` is the kind of a model's failure
-- (common/vendor-failure-messages.ts), so a card can say "Stopped" and offer Retry without reading
-- its message; null when the model answered, and on answers saved before this column. `retries` counts
-- the free retries a model has had on this question, at most two (queries/retry.ts takes one with a
-- single guarded UPDATE, so concurrent clicks cannot take a third).
ALTER TABLE "responses" ADD COLUMN "failure" text;
--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Bumped each time a retry saves a model's new answer: a retry's comparison is stored only if no other
-- retry of the same question saved an answer after it read them (queries/retry.ts).
ALTER TABLE "queries" ADD COLUMN "answers_version" integer DEFAULT 0 NOT NULL;
