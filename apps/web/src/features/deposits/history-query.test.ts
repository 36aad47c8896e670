import { describe, expect, it } from 'vitest';
import { depositPath, depositsPagePath, filtersFromSearch, filtersToSearch } from './history-query';

describe('history filters', () => {
  it.each([
    [{ status: null, channel: null }, null, '/api/wallet/get-deposits?limit=20'],
    [{ status: 'succeeded', channel: null }, null, '/api/wallet/get-deposits?status=succeeded&limit=20'],
    [{ status: null, channel: 'upi' }, null, '/api/wallet/get-deposits?channel=upi&limit=20'],
    [{ status: 'failed', channel: 'upi' }, 'dep_cursor0001', '/api/wallet/get-deposits?status=failed&channel=upi&limit=20&before=dep_cursor0001'],
  ] as const)('builds the get-deposits call for %j before %s', (filters, before, path) => {
    expect(depositsPagePath(filters, before)).toBe(path);
  });

  it('reads known filters from the address and ignores anything the server would refuse', () => {
    expect(filtersFromSearch(new URLSearchParams('status=utr_submitted&channel=usdt'))).toEqual({ status: 'utr_submitted', channel: 'usdt' });
    expect(filtersFromSearch(new URLSearchParams('status=paid&channel=card'))).toEqual({ status: null, channel: null });
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({ status: null, channel: null });
  });

  it('writes filters back to the address, leaving "all" out', () => {
    expect(filtersToSearch({ status: 'expired', channel: null }).toString()).toBe('status=expired');
    expect(filtersToSearch({ status: null, channel: null }).toString()).toBe('');
  });

  it('reads one order by id', () => {
    expect(depositPath('dep_abc123456')).toBe('/api/wallet/get-deposits?id=dep_abc123456&limit=1');
  });
});
