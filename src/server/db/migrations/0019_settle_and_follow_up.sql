-- Beyond side-by-side (issue 13, items 2 and 3; decision 0055). A disagreement re-checked by its models
-- ('Settle this'): one row per disagreement and question, taken before the round starts so one round per
-- disagreement holds under concurrent clicks; the question reserved for it, and its outcome and what it
-- was charged to once it ends. A row without an outcome whose question was given back is stale.
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"query_id" integer NOT NULL,
	"disagreement_key" text NOT NULL,
	"outcome" jsonb,
	"charged_to" text,
	"reservation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_query_id_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."queries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_reservation_id_question_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."question_reservations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_query_disagreement_idx" ON "settlements" USING btree ("query_id","disagreement_key");
--> statement-breakpoint
-- A follow-up turn is a question of its own, pointing at the first question of its conversation.
ALTER TABLE "queries" ADD COLUMN "follow_up_of" integer;
--> statement-breakpoint
ALTER TABLE "queries" ADD CONSTRAINT "queries_follow_up_of_queries_id_fk" FOREIGN KEY ("follow_up_of") REFERENCES "public"."queries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "queries_follow_up_idx" ON "queries" USING btree ("follow_up_of","id") WHERE "follow_up_of" IS NOT NULL;
