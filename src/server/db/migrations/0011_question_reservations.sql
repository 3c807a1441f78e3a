CREATE TABLE "question_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "question_reservations" ADD CONSTRAINT "question_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_reservations_open_idx" ON "question_reservations" USING btree ("created_at") WHERE "question_reservations"."settled_at" is null;
