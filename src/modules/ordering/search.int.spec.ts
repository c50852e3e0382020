import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import type { RunningApp } from '../../main';

// The admin searches of orders and customers look in phones only when the text looks like a phone,
// and then by its digits: 'acc-12@example.com' once found every order whose phone holds 12.

describe('admin search by phone', () => {
  let app: RunningApp;
  let token: string;
  const admin = async (path: string, search: string) => {
    const res = await request(app.url).get(path).query({ search }).set(bearer(token));
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const phonesOfOrders = async (search: string) =>
    ((await admin('/api/admin/orders', search)).orders as { phone: string }[]).map((o) => o.phone).sort();
  const phonesOfCustomers = async (search: string) =>
    ((await admin('/api/admin/customers', search)).customers as { phone: string }[]).map((c) => c.phone).sort();

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    const product = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
    for (const [email, phone] of [
      ['acc-12@example.com', '0550000000'],
      ['someone@example.com', '0551212121'],
      ['other@example.com', '0771234567'],
    ]) {
      const res = await request(app.url)
        .post('/api/payment/create-checkout')
        .send({
          amount: 2000,
          email,
          fullName: 'Client',
          phone,
          items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
        });
      expect(res.status, res.text).toBe(200);
    }
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
  });

  it('finds an e-mail holding digits without matching those digits in phones', async () => {
    expect(await phonesOfOrders('acc-12@example.com')).toEqual(['0550000000']);
    expect(await phonesOfCustomers('acc-12@example.com')).toEqual(['0550000000']);
  });

  it.each(['0551212121', '0551 21 21 21', '(0551) 21-21.21', '121212'])(
    'finds a phone written as %j by its digits',
    async (search) => {
      expect(await phonesOfOrders(search)).toEqual(['0551212121']);
      expect(await phonesOfCustomers(search)).toEqual(['0551212121']);
    },
  );

  it('does not look in phones for fewer than three digits (the e-mail holding them still matches)', async () => {
    expect(await phonesOfOrders('12')).toEqual(['0550000000']);
    expect(await phonesOfCustomers('12')).toEqual(['0550000000']);
  });
});
