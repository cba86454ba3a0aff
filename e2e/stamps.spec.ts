import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from './browser.ts';

const base = inject('baseUrl');
const browser = sharedBrowser();

describe('stamp gallery', () => {
  it('previews the seal live as profession, state and name change', async () => {
    const page = await browser().newPage();
    await page.goto(`${base}/stamps`);
    const preview = page.getByTestId('stamp-preview');
    await preview.waitFor();
    await page.locator('.gallery-meta', { hasText: '22 TAC 137.31' }).waitFor();
    // Under the seal: the rule's citation, its quoted text and a link to its source.
    const rule = page.getByTestId('board-rule');
    await rule.locator('blockquote', { hasText: 'no larger than two inches' }).waitFor();
    expect(await rule.locator('figcaption').textContent()).toContain('22 TAC 137.31');
    expect(await rule.locator('a').getAttribute('href')).toMatch(/^https:\/\/texreg\.sos\.state\.tx\.us\//);
    // States are listed by name; a seal with no cited rule shows no rule.
    const states = await page.locator('select[name="state"]').locator('option').allTextContents();
    expect(states).toHaveLength(50);
    expect(states).toEqual([...states].sort((a, b) => a.localeCompare(b, 'en')));
    await page.locator('select[name="state"]').selectOption('VA');
    await page.locator('.gallery-meta', { hasText: /^1\.75 in diameter$/ }).waitFor();
    await rule.filter({ hasText: 'No board rule has been cited' }).waitFor();
    expect(await page.locator('.gallery-preview').textContent()).not.toMatch(/rule not found|not read/i);

    await page.locator('select[name="state"]').selectOption('KS');
    await page.getByLabel('Profession').selectOption('architect');
    await page.locator('.gallery-meta', { hasText: 'K.A.R. 66-6-1' }).waitFor();
    await rule.locator('blockquote', { hasText: 'The outer circle shall be 1 5/8 inches in diameter' }).waitFor();
    expect(await rule.locator('a').getAttribute('href')).toBe('https://ksbtp.ks.gov/statutes-rules/seal-sig-faq');
    await page.getByLabel('Name').fill('Kansas Gallery Test');
    await page.locator('img[alt="Seal preview for Kansas Gallery Test"]').waitFor();

    // The picture is the renderer's SVG: fetch what the image shows and read it.
    const svg = await page.evaluate(async () => {
      const img = document.querySelector('[data-testid="stamp-preview"]') as HTMLImageElement;
      return (await fetch(img.src)).text();
    });
    await page.waitForFunction(() => (document.querySelector('[data-testid="stamp-preview"]') as HTMLImageElement).complete);
    expect(svg).toContain('Kansas Gallery Test');
    expect(svg).toContain('>KANSAS<');
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The preview SVG keeps its own CSP (no script, nothing loaded), not the pages' one.
    const svgAnswer = await fetch(`${base}/stamps/preview?name=A&license=1&state=TX`);
    expect(svgAnswer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(svgAnswer.headers.get('x-content-type-options')).toBe('nosniff');

    // Download asks POST /v1/stamp for the chosen format.
    await page.getByLabel('Format').selectOption('pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('stamp.pdf');
    const file = await download.path();
    expect((await import('node:fs')).readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByLabel('License number').fill('');
    await page.getByRole('alert').filter({ hasText: 'license is required' }).waitFor();
    await page.close();
  });
});
