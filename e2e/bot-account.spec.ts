/**
 * A second account signs in as the bot from the Account panel (the demo's sidestage_bot, chosen on
 * the consent page's user picker), its scopes said; signing it out leaves the broadcaster signed in.
 */
import { expect, test } from './support/dock-fixture';
import { signInToDemo } from './support/sign-in';

test('the broadcaster signs in a bot account beside their own, then signs only the bot out', async ({ page, context, dock }) => {
  await signInToDemo(page, context, dock);
  const bot = page.getByRole('region', { name: 'Bot account' });
  await expect(bot.getByText(/your own account speaks/)).toBeVisible();

  const consentOpened = context.waitForEvent('page');
  await bot.getByRole('button', { name: 'Sign in a bot account' }).click();
  const consent = await consentOpened;
  await expect(consent.getByText('user:bot')).toBeVisible();
  await consent.getByLabel('Sign in as').selectOption({ label: 'Sidestage_Bot (sidestage_bot)' });
  await consent.getByRole('button', { name: 'Authorize' }).click();
  await expect(consent.getByText(/close this tab/i)).toBeVisible();
  await consent.close();

  await expect(bot.getByText('Sidestage_Bot', { exact: true })).toBeVisible();
  await expect(bot.getByText(/wear the chat-bot badge/)).toBeVisible();
  await bot.getByText(/What the bot allowed Sidestage to do \(4\)/).click();
  for (const scope of ['user:bot', 'user:read:chat', 'user:write:chat', 'moderator:manage:announcements']) await expect(bot.getByText(scope, { exact: true })).toBeVisible();
  // The broadcaster is still who the panel is about.
  await expect(page.getByText('Sidestage_Demo').first()).toBeVisible();

  await bot.getByRole('button', { name: 'Sign the bot out' }).click();
  await expect(bot.getByRole('button', { name: 'Sign in a bot account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(page.getByText('Sidestage_Demo').first()).toBeVisible();
});
