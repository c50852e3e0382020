import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createAdmin } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import type { AuditPage } from '../../shared/audit';
import { emptyShopLegal, type ShopLegal } from '../../shared/shop';

// The shop's legal identity (docs/product.md#legal-information): saved by admins with the version
// they edited, read by every shopper, each change in the history field by field.

describe('the shop legal identity', () => {
  let app: RunningApp;
  let token: string;
  const api = () => request(app.url);
  const identity: ShopLegal = {
    legalName: 'SARL Nour Stream',
    rc: '16/00-1234567B21',
    nif: '000216123456789',
    address: '12 rue Didouche Mourad\nAlger',
    phone: '0550 12 34 56',
    email: 'contact@nour.dz',
    terms: { ar: '', fr: 'Conditions générales de vente.\nArticle 1.', en: '' },
    refunds: { ar: 'سياسة الاسترجاع', fr: '', en: '' },
  };

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
  });

  it('is empty, at version 0, before anything was saved, for the admins and the shoppers', async () => {
    const admin = await api().get('/api/admin/shop/legal').set(bearer(token)).expect(200);
    expect(admin.body).toEqual({ legal: emptyShopLegal(), version: 0, updatedAt: null });
    expect(admin.headers.etag).toBe('"0"');
    await api().get('/api/admin/shop/legal').expect(401);
    const shopper = await api().get('/api/shop/legal').expect(200);
    expect(shopper.body.legal).toEqual(emptyShopLegal());
    expect(shopper.headers['cache-control']).toBe('public, max-age=60');
  });

  it('saves with the version edited, refuses a stale one (409 naming who), and shows shoppers the saved identity', async () => {
    const saved = await api()
      .put('/api/admin/shop/legal')
      .set(bearer(token))
      .set('If-Match', '"0"')
      .send({ ...identity, legalName: '  SARL Nour Stream  ' })
      .expect(200);
    expect(saved.body).toMatchObject({ legal: identity, version: 1 });
    expect(saved.headers.etag).toBe('"1"');

    const karim = await createAdmin(app.url, token, 'karim', 'Karim Haddad');
    const stale = await api()
      .put('/api/admin/shop/legal')
      .set(bearer(karim.token))
      .set('If-Match', '"0"')
      .send({ ...identity, legalName: 'Other' })
      .expect(409);
    expect(stale.body).toMatchObject({ code: 'edit.stale', version: 1 });

    const shopper = await api().get('/api/shop/legal').expect(200);
    expect(shopper.body).toMatchObject({ legal: identity, version: 1 });
  });

  it('answers 400 with stable codes for bad input, never a 500', async () => {
    const put = (body: unknown) =>
      api()
        .put('/api/admin/shop/legal')
        .set(bearer(token))
        .send(body as object);
    const code = async (body: unknown, field: string) => {
      const answer = await put(body).expect(400);
      return answer.body.fields?.[field]?.code ?? answer.body.code;
    };
    expect(await code({ nif: '12ab' }, 'nif')).toBe('shop.nif_invalid');
    expect(await code({ rc: '<script>' }, 'rc')).toBe('shop.rc_invalid');
    expect(await code({ email: 'not-an-email' }, 'email')).toBe('shop.email_invalid');
    expect(await code({ phone: 'call us' }, 'phone')).toBe('shop.phone_invalid');
    expect(await code({ legalName: 'x'.repeat(201) }, 'legalName')).toBe('text.too_long');
    expect(await code({ legalName: 'a\u0000b' }, 'legalName')).toBe('text.control');
    for (const body of [{ terms: 'text' }, { terms: { fr: 42 } }, { legalName: ['a'] }, [], 'x'])
      expect([JSON.stringify(body), (await put(body)).status]).toEqual([JSON.stringify(body), 400]);
    const badHeader = await api()
      .put('/api/admin/shop/legal')
      .set(bearer(token))
      .set('If-Match', 'yesterday')
      .send(identity);
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.code).toBe('request.if_match');
  });

  it('writes nothing when a save changes nothing, and audits each changed field, per language for the texts', async () => {
    await api().put('/api/admin/shop/legal').set(bearer(token)).set('If-Match', '"1"').send(identity).expect(200);
    const changed = await api()
      .put('/api/admin/shop/legal')
      .set(bearer(token))
      .set('If-Match', '"1"')
      .send({ ...identity, nif: '000216999999999', terms: { ...identity.terms, ar: 'شروط البيع' } })
      .expect(200);
    expect(changed.body.version).toBe(2);

    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const page: AuditPage = (await api().get('/api/admin/audit?entityType=shop').set(bearer(token)).expect(200)).body;
    expect(page.entries.map((entry) => entry.action)).toEqual(['shop.legal_changed', 'shop.legal_changed']);
    const [latest, first] = page.entries;
    expect(latest!.entity).toMatchObject({ type: 'shop', id: 'shop', label: 'SARL Nour Stream' });
    expect(latest!.changes).toEqual([
      { field: 'nif', before: '000216123456789', after: '000216999999999' },
      { field: 'terms.ar', before: '', after: 'شروط البيع' },
    ]);
    expect(first!.changes).toContainEqual({ field: 'terms.fr', before: '', after: identity.terms.fr });
    expect(first!.changes).toContainEqual({ field: 'refunds.ar', before: '', after: 'سياسة الاسترجاع' });
    expect(first!.changes.map((change) => change.field)).not.toContain('terms.en');
  });
});
