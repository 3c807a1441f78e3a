import type { AuthService } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { PlanService } from '../billing/plans';
import type { StripeGateway } from '../billing/stripe-gateway';
import type { SubscriptionSync } from '../billing/subscription-sync';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../email/mailer';
import type { JobService } from '../jobs/job-service';
import type { CredentialStore } from '../providers/credentials';
import type { SettingsService } from '../settings/service';

export interface AdminDeps {
  db: Database;
  config: Config;
  auth: AuthService;
  mailer: Mailer;
  settings: SettingsService;
  gateway: StripeGateway;
  plans: PlanService;
  sync: SubscriptionSync;
  billing: BillingService;
  jobs: JobService;
  credentials: CredentialStore;
}
