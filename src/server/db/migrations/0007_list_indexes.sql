CREATE INDEX "email_logs_to_trgm_idx" ON "email_logs" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_logs_subject_trgm_idx" ON "email_logs" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");