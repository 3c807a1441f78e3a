-- Fair use and counts taken atomically (issue 32; decision 0059).
-- The follow-up turns a first question has taken: raised by one guarded UPDATE before a turn is asked, so
-- parallel turns cannot pass the cap (queries/follow-up.ts). Existing conversations start at their turns.
ALTER TABLE "queries" ADD COLUMN "follow_ups_taken" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "queries" AS "root" SET "follow_ups_taken" = "turns"."n"
FROM (SELECT "follow_up_of", count(*)::int AS "n" FROM "queries" WHERE "follow_up_of" IS NOT NULL GROUP BY "follow_up_of") AS "turns"
WHERE "root"."id" = "turns"."follow_up_of";
--> statement-breakpoint
-- One user's questions of the day, counted for the Unlimited plan's daily fair-use ceiling.
CREATE INDEX "question_reservations_user_idx" ON "question_reservations" USING btree ("user_id","created_at");
--> statement-breakpoint
-- The question streams running on any instance: counted per user for the concurrent-question limit, and
-- looked up by a Stop before it is relayed to the other instances (queries/live-streams.ts).
CREATE TABLE "live_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_streams_user_idx" ON "live_streams" USING btree ("user_id","started_at");
