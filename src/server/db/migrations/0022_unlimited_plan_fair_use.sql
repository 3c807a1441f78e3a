-- The Unlimited plan has a daily fair-use ceiling (issue 32, item 8; decision 0059), so its seeded
-- description no longer says there are no limits. A description an administrator has edited is kept.
UPDATE "subscription_plans" SET "description" = 'Unlimited questions, within a daily fair-use limit'
WHERE "id" = 'unlimited' AND "description" = 'No limits at all';
