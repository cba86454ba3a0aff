import { z } from 'zod';
import { BOARD_STATUSES, BoardUnavailableError } from './source.ts';
import type { BoardKey, BoardLicense, BoardSearch, BoardSource } from './source.ts';

/** What a board API answers for one license: checked, since it is someone else's data. */
const licenseSchema = z.object({
  license_number: z.string().min(1).max(40),
  state_code: z.string().regex(/^[A-Z]{2}$/),
  license_type: z.string().min(1).max(40),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  full_name: z.string().max(200).optional(),
  company_name: z.string().max(200).nullish(),
  city: z.string().max(100).nullish(),
  discipline: z.string().max(100).nullish(),
  expiration_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  license_status: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(BOARD_STATUSES)),
});

function toLicense(raw: z.infer<typeof licenseSchema>): BoardLicense {
  return {
    licenseNumber: raw.license_number,
    stateCode: raw.state_code,
    licenseType: raw.license_type,
    firstName: raw.first_name,
    lastName: raw.last_name,
    fullName: raw.full_name ?? `${raw.first_name} ${raw.last_name}`.trim(),
    companyName: raw.company_name ?? null,
    city: raw.city ?? null,
    discipline: raw.discipline ?? null,
    expirationDate: raw.expiration_date ?? null,
    licenseStatus: raw.license_status,
  };
}

/**
 * A licensing board's JSON API over HTTP (BOARD_API_URL): how a real board plugs in.
 *   GET {base}/licenses?state=TX&last_name=…&first_name=…&license_number=…&profession=…&limit=…
 *     → 200 {"licenses": [license…]}
 *   GET {base}/licenses/{state}/{type}/{number}
 *     → 200 license, or 404 when the board has no such license.
 * Anything else (a refusal, a timeout, a body that is not what we expect) is
 * BoardUnavailableError: the board gave no verdict.
 */
export class HttpBoardSource implements BoardSource {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private async get(path: string): Promise<{ status: number; body: unknown }> {
    const url = new URL(path, this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new BoardUnavailableError(timedOut ? `The licensing board did not answer within ${this.timeoutMs} ms` : 'The licensing board could not be reached', { cause: err });
    }
    if (res.status === 404) return { status: 404, body: null };
    if (!res.ok) throw new BoardUnavailableError(`The licensing board answered HTTP ${res.status}`);
    try {
      return { status: res.status, body: await res.json() };
    } catch (err) {
      throw new BoardUnavailableError('The licensing board answered something that is not JSON', { cause: err });
    }
  }

  async search(query: BoardSearch): Promise<BoardLicense[]> {
    const params = new URLSearchParams({ state: query.stateCode, limit: String(query.limit) });
    if (query.lastName) params.set('last_name', query.lastName);
    if (query.firstName) params.set('first_name', query.firstName);
    if (query.licenseNumber) params.set('license_number', query.licenseNumber);
    if (query.professionSlug) params.set('profession', query.professionSlug);
    const { status, body } = await this.get(`licenses?${params}`);
    if (status === 404) return [];
    const parsed = z.object({ licenses: z.array(licenseSchema).max(1000) }).safeParse(body);
    if (!parsed.success) throw new BoardUnavailableError('The licensing board answered a search in an unexpected shape');
    return parsed.data.licenses.slice(0, query.limit).map(toLicense);
  }

  async lookup(key: BoardKey): Promise<BoardLicense | null> {
    const path = ['licenses', key.stateCode, key.licenseType, key.licenseNumber].map(encodeURIComponent).join('/');
    const { status, body } = await this.get(path);
    if (status === 404) return null;
    const parsed = licenseSchema.safeParse(body);
    if (!parsed.success) throw new BoardUnavailableError('The licensing board answered a lookup in an unexpected shape');
    return toLicense(parsed.data);
  }
}
