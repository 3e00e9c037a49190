/**
 * Reward milestones in the dashboard, in headless Chromium against the real embedded stack: a milestone
 * at 3 stamps added on the template editor (the form refusing a threshold of 0 beside its field, the
 * preview saying the reward), Free's second one as an invitation to upgrade, a pass stamped 3 times that
 * shows the reward, redeems it and loses the stamps, a stale page's redeem refused in words, the whole
 * pass redeemed only once asked, and the milestone changed and archived. Screens are kept at phone and
 * desktop sizes under test-artifacts/dashboard/.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { issuePass, type TestBusiness } from '../../../api/src/testing/fixtures';
import { TestServer } from '../../../api/src/testing/test-server';
import { fieldError, openSection, PAGE_WIDTH, PHONE, screenshotBothSizes, unexpectedErrors, UNLABELLED_CONTROLS, type DashboardPage } from './support/dashboard-browser';
import { dashboardSessions } from './support/dashboard-session';

const STEP_MS = 60_000;

let server: TestServer, business: TestBusiness, dashboard: DashboardPage, page: Page;
let passId = '';
const sessions = dashboardSessions();

beforeAll(async () => {
  ({ server, business, dashboard, page } = await sessions.start(() => TestServer.start()));
}, STEP_MS);

const nav = (section: string) => openSection(page, section);
const addForm = () => page.getByRole('form', { name: 'Add a milestone' });
const milestoneRow = (name: string) => page.locator(`[data-milestone-name="${name}"]`);
const rewardRows = () => page.getByRole('list', { name: 'Rewards of the pass' }).locator('li');

async function openTemplate(): Promise<void> {
  await nav('Templates');
  await page.getByRole('link', { name: 'Coffee card' }).click();
  await page.getByRole('heading', { level: 1, name: 'Coffee card' }).waitFor();
}

async function addMilestone(name: string, threshold: string, reward: string): Promise<void> {
  const form = addForm();
  await form.getByLabel('Milestone name').fill(name);
  await form.getByLabel('Reward at (stamps)').fill(threshold);
  await form.getByLabel('Reward', { exact: true }).fill(reward);
  await form.getByRole('button', { name: 'Add milestone' }).click();
}

/** Redeems a reward as another till would, behind the page's back. */
async function redeemThroughApi(rewardId: string): Promise<number> {
  const answer = await server.request('POST', `/businesses/${business.businessId}/passes/${passId}/rewards/${rewardId}/redeem`, { token: business.token });
  return answer.status;
}

describe('reward milestones in the dashboard', () => {
  it(
    'adds a milestone at 3 stamps to the template, the form checking the threshold as the API does, the preview saying the reward',
    async () => {
      await openTemplate();
      await page.locator('.milestones').getByText('No milestones yet.').waitFor();
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);

      await addMilestone('Coffee round', '0', 'Free coffee');
      expect(await fieldError(page, 'Reward at (stamps)')).toBe('must be at least 1');
      expect(await addForm().getByLabel('Reward at (stamps)').getAttribute('aria-invalid')).toBe('true');
      await addForm().getByLabel('Reward', { exact: true }).fill('');
      await addForm().getByRole('button', { name: 'Add milestone' }).click();
      expect(await fieldError(page, 'Reward')).toBe('must not be empty');

      await addMilestone('Coffee round', '3', 'Free coffee');
      await page.getByRole('status').filter({ hasText: 'Coffee round added.' }).waitFor();
      const row = milestoneRow('Coffee round');
      expect(await row.innerText()).toContain('3 stamps: Free coffee');
      expect(await row.locator('.badge').innerText()).toMatch(/^active$/i);
      expect(await page.getByTestId('preview-reward').innerText()).toContain('3 stamps: Free coffee');
      // The form is empty again for the next one.
      expect(await addForm().getByLabel('Milestone name').inputValue()).toBe('');
      await screenshotBothSizes(page, 'milestones');
    },
    STEP_MS,
  );

  it(
    "shows Free's second active milestone as an invitation to upgrade, not an error",
    async () => {
      await addMilestone('Cake round', '5', 'Free cake');
      const prompt = addForm().getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getByRole('heading').innerText()).toBe('More reward milestones come with Pro');
      expect(await prompt.innerText()).toContain(business.businessId);
      expect(await page.locator('.notice.error').count()).toBe(0);
      expect(await milestoneRow('Cake round').count()).toBe(0);
      await screenshotBothSizes(page, 'milestone-upgrade');
    },
    STEP_MS,
  );

  it(
    'shows a pass stamped 3 times holding the reward, redeems it, and the stamps go down by 3',
    async () => {
      passId = (await issuePass(server, business, { customer_name: 'Ada Lovelace' })).id;
      await page.goto(`/dashboard/passes/${passId}`);
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      expect(await page.getByTestId('next-reward').innerText()).toBe('Next: 3 stamps to Free coffee');
      expect(await page.locator('.rewards').innerText()).toContain('No rewards earned yet.');

      const stamps = page.getByRole('form', { name: 'Add stamps' });
      for (let stamp = 1; stamp <= 3; stamp++) {
        await stamps.getByLabel('Stamps').fill('1');
        await stamps.getByRole('button', { name: 'Add stamps' }).click();
        await page.getByTestId('pass-stamps').filter({ hasText: new RegExp(`^${stamp}$`) }).waitFor();
      }
      await rewardRows().first().waitFor();
      expect(await rewardRows().count()).toBe(1);
      expect(await rewardRows().first().getAttribute('data-reward-status')).toBe('available');
      expect(await rewardRows().first().innerText()).toContain('Free coffee');
      expect(await rewardRows().first().innerText()).toMatch(/Earned /);
      expect(await page.getByTestId('next-reward').innerText()).toContain('Every reward of this card is earned and waiting');
      expect(await page.evaluate(UNLABELLED_CONTROLS)).toEqual([]);
      await screenshotBothSizes(page, 'pass-rewards');

      await page.getByRole('button', { name: 'Redeem Free coffee' }).click();
      await page.getByRole('status').filter({ hasText: 'Free coffee redeemed.' }).waitFor();
      expect(await rewardRows().first().getAttribute('data-reward-status')).toBe('redeemed');
      expect(await rewardRows().first().innerText()).toContain('redeemed');
      expect(await page.getByTestId('pass-stamps').innerText()).toBe('0');
      expect(await page.getByRole('button', { name: 'Redeem Free coffee' }).count()).toBe(0);
      expect(await page.getByTestId('next-reward').innerText()).toBe('Next: 3 stamps to Free coffee');
      await page.getByRole('list', { name: 'History' }).waitFor();
      await screenshotBothSizes(page, 'pass-reward-redeemed');
    },
    STEP_MS,
  );

  it(
    'says in words why a reward redeemed meanwhile at another till is not redeemed again, and shows the pass as it is',
    async () => {
      const stamps = page.getByRole('form', { name: 'Add stamps' });
      await stamps.getByLabel('Stamps').fill('3');
      await stamps.getByRole('button', { name: 'Add stamps' }).click();
      await page.locator('[data-reward-status="available"]').waitFor();
      const pass = await server.request<{ rewards: { id: string; status: string }[] }>('GET', `/businesses/${business.businessId}/passes/${passId}`, { token: business.token });
      const available = pass.body.rewards.find((reward) => reward.status === 'available');
      if (!available) throw new Error('the pass holds no available reward');
      expect(await redeemThroughApi(available.id)).toBe(200);

      await page.getByRole('button', { name: 'Redeem Free coffee' }).click();
      const refusal = page.locator('.rewards [role=alert]');
      await refusal.waitFor();
      expect(await refusal.innerText()).toBe('Not redeemed. Cannot redeem a reward that is redeemed. The pass is shown as it stands now.');
      await page.getByTestId('pass-stamps').filter({ hasText: /^0$/ }).waitFor();
      expect(await page.locator('[data-reward-status="available"]').count()).toBe(0);
      expect(await page.locator('[data-reward-status="redeemed"]').count()).toBe(2);
    },
    STEP_MS,
  );

  it(
    'asks before redeeming the whole pass, under a name of its own beside the reward’s Redeem',
    async () => {
      const pass = await issuePass(server, business, { customer_name: 'Grace Hopper' });
      await server.request('POST', `/businesses/${business.businessId}/passes/${pass.id}/stamp?count=3`, { token: business.token });
      const statusOf = async () => (await server.request<{ status: string }>('GET', `/businesses/${business.businessId}/passes/${pass.id}`, { token: business.token })).body.status;
      await page.goto(`/dashboard/passes/${pass.id}`);
      await page.getByRole('button', { name: 'Redeem Free coffee' }).waitFor();
      // Two buttons, two names: a screen reader never hears two alike "Redeem".
      expect(await page.getByRole('button', { name: 'Redeem', exact: true }).count()).toBe(0);
      const redeemPass = page.getByRole('button', { name: 'Redeem pass', exact: true });
      expect(await redeemPass.count()).toBe(1);

      await redeemPass.click();
      const question = page.getByRole('group', { name: 'Redeem the whole pass? It can no longer be used.' });
      await question.waitFor();
      expect(await statusOf()).toBe('active');
      await question.getByRole('button', { name: 'Cancel' }).click();
      expect(await statusOf()).toBe('active');

      // The question is answered from the keyboard: the confirming button has the focus.
      await redeemPass.click();
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Redeem the pass');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Pass redeemed.' }).waitFor();
      expect(await statusOf()).toBe('redeemed');
      expect(await redeemPass.count()).toBe(0);
    },
    STEP_MS,
  );

  it(
    'changes the milestone and archives it, which frees the place for another on Free',
    async () => {
      await openTemplate();
      await milestoneRow('Coffee round').getByRole('button', { name: 'Edit Coffee round' }).click();
      const edit = page.getByRole('form', { name: 'Change Coffee round' });
      expect(await edit.getByLabel('Counts').count()).toBe(0);
      await edit.getByLabel('Reward at (stamps)').fill('4');
      await edit.getByRole('button', { name: 'Save milestone' }).click();
      await page.getByRole('status').filter({ hasText: 'Coffee round saved.' }).waitFor();
      expect(await milestoneRow('Coffee round').innerText()).toContain('4 stamps: Free coffee');
      expect(await page.getByTestId('preview-reward').innerText()).toContain('4 stamps: Free coffee');

      await milestoneRow('Coffee round').getByRole('button', { name: 'Archive' }).click();
      await milestoneRow('Coffee round').getByRole('button', { name: 'Archive now' }).click();
      await page.getByRole('status').filter({ hasText: 'Coffee round archived.' }).waitFor();
      expect(await milestoneRow('Coffee round').locator('.badge').innerText()).toMatch(/^archived$/i);
      expect(await page.getByTestId('preview-reward').count()).toBe(0);

      await addMilestone('Cake round', '5', 'Free cake');
      await page.getByRole('status').filter({ hasText: 'Cake round added.' }).waitFor();
      expect(await page.getByTestId('preview-reward').innerText()).toContain('5 stamps: Free cake');
    },
    STEP_MS,
  );

  it(
    'fits a 390 px phone on the template and pass screens and broke no CSP rule',
    async () => {
      await page.setViewportSize(PHONE);
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'Reward milestones' }).waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      await page.goto(`/dashboard/passes/${passId}`);
      await rewardRows().first().waitFor();
      expect(await page.evaluate(PAGE_WIDTH)).toBeLessThanOrEqual(PHONE.width);
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
    STEP_MS,
  );
});
