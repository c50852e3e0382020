import { randomBytes } from 'node:crypto';
import { TEST_ADMIN } from '../../test/support/app';

// The shop as the browser tests act on it from outside the browser: the admin API as any
// administrator (the catalogue seeded, new administrators), and shoppers' orders placed (and paid
// on the sandbox's hosted page, whose webhook completes them) as the storefront places them.

export interface Credentials {
  username: string;
  password: string;
}

export interface ShopOrder {
  orderId: string;
  checkoutId: string;
  /** The token of the order's private link (/orders/{token}), as create-checkout answers it once. */
  accessToken: string;
}

/** An order as the admin's detail has it, with what delivering needs. */
export interface DeliveredOrder {
  id: string;
  number: number;
  status: string;
  renewal_of_number: number | null;
  deliveryState: string;
  subscriptions: { id: string; endsAt: string | null }[];
}

export interface SeedProduct {
  name: string;
  description?: string;
  category_id: string;
  channels?: number;
  quality?: string;
  devices?: number;
  popular?: boolean;
  vod?: boolean;
  active?: boolean;
  features?: string[];
  price_durations: { duration: string; price: number; active?: boolean }[];
}

export interface ProductRecord {
  id: string;
  name: string;
  category_slug: string;
  priceDurations: { duration: string; price: number }[];
}

/** The sign-in request as `as`, its answer as it comes (a test may expect a refusal). */
export const login = (baseUrl: string, as: Credentials): Promise<Response> =>
  fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(as),
  });

export type ShopClient = ReturnType<typeof shopClient>;

export function shopClient(baseUrl: string) {
  const tokens = new Map<string, Promise<string>>();
  /** The bearer token of `as` (the test administrator unless told), signed in once. */
  const tokenOf = (as: Credentials = TEST_ADMIN) => {
    let token = tokens.get(as.username);
    if (!token) {
      token = login(baseUrl, as).then(async (answer) => {
        if (!answer.ok) throw new Error(`login as ${as.username}: ${answer.status}`);
        return ((await answer.json()) as { token: string }).token;
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

  /** A new administrator named `name`, signed in as `{first name}-{random}`. */
  async function createAdmin(name: string): Promise<Credentials & { id: string; name: string }> {
    const username = `${name.toLowerCase().split(' ')[0]!}-${randomBytes(3).toString('hex')}`;
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
   * server checks), checked out in `language` (the store's default, ar, unless told); paid unless
   * `paid` is false (then it stays pending).
   */
  async function placeOrder(
    productId: string,
    price: number,
    {
      phone = '0550123456',
      quantity = 1,
      paid = true,
      declined = false,
      fullName,
      email,
      language,
      renewing,
    }: {
      phone?: string;
      quantity?: number;
      paid?: boolean;
      /** The shopper declines on the sandbox page: the order fails (the only kind an admin may delete). */
      declined?: boolean;
      fullName?: string;
      email?: string;
      language?: string;
      /** A renewal (docs/product.md#renewals) of this subscription of the order whose link's token is given. */
      renewing?: { accessToken: string; subscriptionId: string };
    } = {},
  ): Promise<ShopOrder> {
    const created = await fetch(`${baseUrl}/api/payment/create-checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: price * quantity,
        phone,
        fullName,
        email,
        language,
        orderAccessToken: renewing?.accessToken,
        items: [{ productId, duration: '1 month', quantity, renewalOf: renewing?.subscriptionId }],
      }),
    });
    if (!created.ok) throw new Error(`create-checkout: ${created.status} ${await created.text()}`);
    const { checkout, orderAccessToken } = (await created.json()) as {
      checkout: { id: string };
      orderAccessToken: string;
    };
    const placed = await orderOf(checkout.id);
    if (paid || declined) {
      const payment = await fetch(`${baseUrl}/sandbox/checkout/${checkout.id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `outcome=${declined ? 'failed' : 'paid'}&method=baridi_mob`,
        redirect: 'manual',
      });
      if (payment.status !== 303) throw new Error(`sandbox payment: ${payment.status}`);
    }
    return { orderId: placed.dbOrderId, checkoutId: checkout.id, accessToken: orderAccessToken };
  }

  /**
   * The order of a checkout, as the return page reads it. The store waits 5 s for its read model;
   * on a machine busy with other tests that may not be enough (and a 404 can come at once), so ask
   * again after a pause, as the page's query retries.
   */
  async function orderOf(checkoutId: string): Promise<{ dbOrderId: string }> {
    for (let attempt = 1; ; attempt++) {
      const answer = await fetch(`${baseUrl}/api/payment/order/${checkoutId}`);
      if (answer.ok) return ((await answer.json()) as { order: { dbOrderId: string } }).order;
      if (answer.status !== 404 || attempt >= 4) {
        throw new Error(`order of checkout ${checkoutId}: ${answer.status} ${await answer.text()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }

  /** The admin's detail of an order, with its version (the ETag) to send back as If-Match. */
  async function orderDetail(orderId: string): Promise<{ etag: string; order: DeliveredOrder }> {
    const answer = await fetch(`${baseUrl}/api/admin/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${await tokenOf()}` },
    });
    if (!answer.ok) throw new Error(`GET order ${orderId}: ${answer.status} ${await answer.text()}`);
    return { etag: answer.headers.get('etag')!, order: ((await answer.json()) as { order: DeliveredOrder }).order };
  }

  /**
   * Delivers an activation code to each subscription of a paid order, once the order and its
   * subscriptions are read (the webhook and two read models may take a moment): the order as delivered.
   */
  async function deliverCodes(orderId: string): Promise<DeliveredOrder> {
    for (let attempt = 1; ; attempt++) {
      const { etag, order } = await orderDetail(orderId);
      const paid = order.status === 'completed' || order.status === 'dispatched';
      if (paid && order.subscriptions.length > 0) {
        const subscriptions = order.subscriptions.map((s, i) => ({
          subscriptionId: s.id,
          kind: 'code',
          code: `CODE-${i}`,
        }));
        const answer = await fetch(`${baseUrl}/api/admin/orders/${orderId}/delivery`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${await tokenOf()}`, 'Content-Type': 'application/json', 'If-Match': etag },
          body: JSON.stringify({ subscriptions }),
        });
        if (!answer.ok) throw new Error(`delivery of ${orderId}: ${answer.status} ${await answer.text()}`);
        return ((await answer.json()) as { order: DeliveredOrder }).order;
      }
      if (attempt >= 40) throw new Error(`order ${orderId} is not paid with its subscriptions: ${order.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const createCategory = async (name: string, description = '') =>
    (
      await api<{ category: { id: string; slug: string; name: string } }>('POST', '/api/admin/categories', {
        name,
        description,
      })
    ).category;
  const createProduct = async (product: SeedProduct) =>
    (await api<{ product: ProductRecord }>('POST', '/api/admin/products', product)).product;
  /** The order screens' usual stock: a 'Gold' pack at 2,000 Da a month in a 'Packs' category; its id. */
  const createGoldPack = async () => {
    const category = await createCategory('Packs');
    const gold = await createProduct({
      name: 'Gold',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 2000 }],
    });
    return gold.id;
  };
  const updateProduct = async (id: string, changes: Partial<SeedProduct>) =>
    (await api<{ product: ProductRecord }>('PUT', `/api/admin/products/${encodeURIComponent(id)}`, changes)).product;

  /**
   * Switches on product and category notifications for `as` (Settings > Notifications, product
   * updates: off by default): another admin's catalogue changes are told only then.
   */
  async function followProductUpdates(as: Credentials = TEST_ADMIN): Promise<void> {
    const { settings } = await api<{ settings: { notifications: object } }>(
      'GET',
      '/api/admin/settings',
      undefined,
      as,
    );
    await api(
      'PUT',
      '/api/admin/settings',
      { ...settings, notifications: { ...settings.notifications, productUpdates: true } },
      as,
    );
  }

  return {
    api,
    followProductUpdates,
    /** The sign-in request as `as`, its answer as it comes. */
    login: (as: Credentials) => login(baseUrl, as),
    token: tokenOf,
    createAdmin,
    placeOrder,
    orderDetail,
    deliverCodes,
    createCategory,
    createProduct,
    createGoldPack,
    updateProduct,
  };
}
