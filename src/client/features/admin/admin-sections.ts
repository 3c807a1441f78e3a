import {
  Bot,
  CreditCard,
  LayoutDashboard,
  Mail,
  Receipt,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

// The console's sections in sidebar order (docs/product.md, "Admin console"). The layout, the header
// and the tests all read this one list, so a renamed section cannot drift between them.

export const adminSections = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    description: 'Revenue, subscriptions and recent activity',
    icon: LayoutDashboard,
  },
  { id: 'users', label: 'Users', description: 'Registered users and anonymous sessions', icon: Users },
  { id: 'payments', label: 'Payments', description: 'Every payment and the revenue they add up to', icon: Receipt },
  {
    id: 'subscriptions',
    label: 'Subscriptions',
    description: 'Plans, subscription events and abandoned checkouts',
    icon: CreditCard,
  },
  {
    id: 'payment-settings',
    label: 'Payment Settings',
    description: 'Stripe keys, mode, price ids and webhooks',
    icon: ShieldCheck,
  },
  { id: 'ai-models', label: 'AI Models', description: 'Keys, versions and a check against each vendor', icon: Bot },
  { id: 'email-settings', label: 'Email Settings', description: 'SendGrid configuration and email logs', icon: Mail },
  {
    id: 'settings',
    label: 'Admin Settings',
    description: 'Your account and the administrator accounts',
    icon: Settings,
  },
] as const satisfies readonly { id: string; label: string; description: string; icon: LucideIcon }[];

export type AdminSection = (typeof adminSections)[number];
export type AdminSectionId = AdminSection['id'];

export const SECTION_PARAM = 'section';
export const SEARCH_PARAM = 'search';

/** The section a `?section=` value names; anything unknown (or nothing) is the dashboard. */
export function sectionFromParam(value: string | null): AdminSection {
  return adminSections.find((section) => section.id === value) ?? adminSections[0];
}

/** The console's address for a section, with extra search params such as a user search. */
export function sectionHref(id: AdminSectionId, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ [SECTION_PARAM]: id, ...extra });
  return `/admin?${params.toString()}`;
}
