import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, FAKE_VENDOR_PORT } from './support/paths.mjs';
import { DESKTOP_AND_PHONE } from './support/viewports';

// Issue 17, items 1 and 4 so far: the admin console checks each model's key with its vendor, and its
// key dialog offers the versions the vendor lists today (the loopback fake answers the list calls),
// which an administrator can have read again, and saves the one chosen. DeepSeek, which no other
// end-to-end test asks, takes the saved key.

const OPENAI_FAKE = `http://127.0.0.1:${FAKE_VENDOR_PORT}/__fake`;

async function listModels(vendor: string, models: string[]) {
  const response = await fetch(`${OPENAI_FAKE}/models`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vendor, models }),
  });
  expect(response.status).toBe(204);
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an administrator checks a key and picks a version from the vendor's own list", async ({ page }) => {
      await fetch(`${OPENAI_FAKE}/requests`, { method: 'DELETE' });
      await listModels('xai', ['grok-4', 'grok-4-fast-reasoning', 'grok-2-image-1212']);

      await page.goto('/admin/login');
      await page.getByLabel('Admin Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Access Admin Panel' }).click();
      await expect(page).toHaveURL(/\/admin$/);

      await page.goto('/admin?section=ai-models');
      const grok = page.getByRole('listitem', { name: 'Grok' });
      await expect(grok.getByText('From the environment')).toBeVisible();
      await grok.getByRole('button', { name: 'Check key for Grok' }).click();
      await expect(grok.getByText('The key works: the provider lists 2 chat models for it.')).toBeVisible();
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);

      // Set key: the dialog lists what DeepSeek lists today, read again on request; the chosen version is
      // saved with the key for everyone.
      await listModels('deepseek', ['deepseek-chat', 'deepseek-reasoner']);
      const deepseek = page.getByRole('listitem', { name: 'DeepSeek' });
      await deepseek.getByRole('button', { name: 'Set key for DeepSeek' }).click();
      const dialog = page.getByRole('dialog', { name: 'Configure API Connection' });
      const version = dialog.getByRole('combobox', { name: 'Model version (optional)' });
      await expect(dialog.getByText(/^Listed by DeepSeek/)).toBeVisible();
      await expect(version.locator('option', { hasText: 'deepseek-reasoner' })).toHaveCount(1);
      // A version the vendor starts listing now shows once the list is read again (lists are kept a day).
      const newest = `deepseek-v4-${viewport.width}`;
      await listModels('deepseek', ['deepseek-chat', 'deepseek-reasoner', newest]);
      await expect(version.locator('option', { hasText: newest })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Refresh list' }).click();
      await expect(version.locator('option', { hasText: newest })).toHaveCount(1);
      await version.selectOption('deepseek-reasoner');
      await dialog.getByLabel('API key', { exact: true }).fill('fake-ai-key');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(deepseek.getByText('Saved in Parallax')).toBeVisible();
      await expect(deepseek.getByText('deepseek-reasoner', { exact: true })).toBeVisible();
    });
  });
}
