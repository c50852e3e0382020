import { randomBytes } from 'node:crypto';
import { TEST_ADMIN } from '../../test/support/app';

// The shop as the back-office browser tests act on it from outside the browser: the admin API as any
// administrator, new administrators, and shoppers' orders placed (and paid on the sandbox's
// hosted page, whose webhook completes them) as the storefront places them.

export interface Credentials {
  username: string;
  password: string;
}

export interface ShopOrder {
  orderId: string;
  checkoutId: string;
}

export function shopClient(baseUrl: string) {
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (as: Credentials) => {
    let token = tokens.get(as.username);
    if (!token) {
      token = fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(as),
      }).then(async (login) => {
        if (!login.ok) throw new Error(`login as ${as.username}: ${login.status}`);
        return ((await login.json()) as { token: string }).token;
      });
      tokens.set(as.username, token);
    }
    return token;
  };

  /** The admin API, as the test administrator unless `as` says who. */
  async function api<T>(method: string, path: string, body?: unknown, as: Credentials = TEST_ADMIN): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await tokenOf(as)}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  async function createAdmin(name: string): Promise<Credentials & { id: string; name: string }> {
    const username = `${name.toLowerCase()}-${randomBytes(3).toString('hex')}`;
    const password = 'another long password';
    const { user } = await api<{ user: { id: string } }>('POST', '/api/admin/users', {
      username,
      password,
      name,
      role: 'admin',
    });
    return { id: user.id, username, password, name };
  }

  /**
   * A shopper's order of one product line at its 1-month `price` (the cart's total, which the
   * server checks); paid unless `paid` is false (then it stays pending).
   */
  async function placeOrder(
    productId: string,
    price: number,
    {
      phone = '0550123456',
      quantity = 1,
      paid = true,
      fullName,
      email,
    }: { phone?: string; quantity?: number; paid?: boolean; fullName?: string; email?: string } = {},
  ): Promise<ShopOrder> {
    const created = await fetch(`${baseUrl}/api/payment/create-checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: price * quantity,
        phone,
        fullName,
        email,
        items: [{ productId, duration: '1 month', quantity }],
      }),
    });
    if (!created.ok) throw new Error(`create-checkout: ${created.status} ${await created.text()}`);
    const { checkout } = (await created.json()) as { checkout: { id: string } };
    const placed = await orderOf(checkout.id);
    if (paid) {
      const payment = await fetch(`${baseUrl}/sandbox/checkout/${checkout.id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'outcome=paid&method=baridi_mob',
        redirect: 'manual',
      });
      if (payment.status !== 303) throw new Error(`sandbox payment: ${payment.status}`);
    }
    return { orderId: placed.dbOrderId, checkoutId: checkout.id };
  }

  /**
   * The order of a checkout, as the return page reads it. The store waits 5 s for its read model;
   * on a machine busy with other tests that may not be enough, so ask again as the page would.
   */
  async function orderOf(checkoutId: string): Promise<{ dbOrderId: string }> {
    for (let attempt = 1; ; attempt++) {
      const answer = await fetch(`${baseUrl}/api/payment/order/${checkoutId}`);
      if (answer.ok) return ((await answer.json()) as { order: { dbOrderId: string } }).order;
      if (answer.status !== 404 || attempt >= 4) {
        throw new Error(`order of checkout ${checkoutId}: ${answer.status} ${await answer.text()}`);
      }
    }
  }

  return { api, createAdmin, placeOrder };
}
