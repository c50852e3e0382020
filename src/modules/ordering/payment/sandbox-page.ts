import express, { Router, type Response } from 'express';
import { z } from 'zod';
import { PAYMENT_METHODS, type CheckoutLanguage as Locale, type CheckoutStatus } from '../../../shared/ordering';
import { escapeHtml } from '../../../platform/http/html';
import { formatPrice } from '../../../shared/locale';
import type { SandboxCheckout, SandboxProvider } from './sandbox';

// The sandbox's hosted checkout page: server-rendered HTML and one stylesheet, no script, because
// the app's CSP allows neither inline scripts nor inline styles. The card fields show only while
// "card" is picked, through a radio-sibling CSS rule. Card details are checked for format and then
// dropped: never stored, logged or echoed back into the page.

const LOCALES: readonly Locale[] = ['ar', 'fr', 'en'];
const LANGUAGE_NAMES: Record<Locale, string> = { ar: 'العربية', fr: 'Français', en: 'English' };

type CardField = 'cardNumber' | 'expiry' | 'cvv';

const TEXTS = {
  en: {
    title: 'Secure payment',
    test: 'TEST PAYMENT',
    sandbox: 'This is a test payment page, not a real one: no money is taken, and no card or account is charged.',
    amount: 'Amount to pay',
    method: 'Payment method',
    baridi_mob: 'BaridiMob',
    baridi_mobHint: 'Edahabia card of Algérie Poste',
    card: 'Bank card',
    cardHint: 'CIB or another bank card',
    cardNote: 'Card details are only checked for format, never stored.',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    pay: 'Pay',
    decline: 'Decline',
    cancel: 'Cancel',
    language: 'Language',
    errors: {
      cardNumber: 'Enter a valid card number.',
      expiry: 'Enter an expiry date (MM/YY) that has not passed.',
      cvv: 'The CVV is the 3 digits on the back of the card.',
      request: 'Choose a payment method, then one of the buttons.',
    },
    closed: {
      paid: 'This payment is complete.',
      failed: 'This payment was declined.',
      canceled: 'This payment was canceled.',
      expired: 'This payment page has expired.',
    },
    back: 'Back to the store',
    notFoundTitle: 'Payment not found',
    notFound: 'This payment link does not exist or is no longer valid.',
  },
  fr: {
    title: 'Paiement sécurisé',
    test: 'PAIEMENT DE TEST',
    sandbox:
      'Ceci est une page de paiement de test, pas un vrai paiement : aucun montant n’est débité, aucune carte ni aucun compte.',
    amount: 'Montant à payer',
    method: 'Moyen de paiement',
    baridi_mob: 'BaridiMob',
    baridi_mobHint: 'Carte Edahabia d’Algérie Poste',
    card: 'Carte bancaire',
    cardHint: 'CIB ou autre carte bancaire',
    cardNote: 'Les données de carte sont seulement vérifiées, jamais enregistrées.',
    cardNumber: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvv: 'CVV',
    pay: 'Payer',
    decline: 'Refuser',
    cancel: 'Annuler',
    language: 'Langue',
    errors: {
      cardNumber: 'Saisissez un numéro de carte valide.',
      expiry: 'Saisissez une date d’expiration (MM/AA) non dépassée.',
      cvv: 'Le CVV correspond aux 3 chiffres au dos de la carte.',
      request: 'Choisissez un moyen de paiement, puis un des boutons.',
    },
    closed: {
      paid: 'Ce paiement est effectué.',
      failed: 'Ce paiement a été refusé.',
      canceled: 'Ce paiement a été annulé.',
      expired: 'Cette page de paiement a expiré.',
    },
    back: 'Retour à la boutique',
    notFoundTitle: 'Paiement introuvable',
    notFound: 'Ce lien de paiement n’existe pas ou n’est plus valide.',
  },
  ar: {
    title: 'دفع آمن',
    test: 'دفع تجريبي',
    sandbox: 'هذه صفحة دفع تجريبية وليست حقيقية: لن يُقتطع أي مبلغ، ولن تُخصم أي بطاقة أو حساب.',
    amount: 'المبلغ المطلوب',
    method: 'طريقة الدفع',
    baridi_mob: 'بريدي موب',
    baridi_mobHint: 'البطاقة الذهبية من بريد الجزائر',
    card: 'بطاقة بنكية',
    cardHint: 'بطاقة CIB أو بطاقة بنكية أخرى',
    cardNote: 'نتحقق من صيغة بيانات البطاقة فقط ولا نحفظها أبدًا.',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvv: 'رمز CVV',
    pay: 'ادفع',
    decline: 'رفض',
    cancel: 'إلغاء',
    language: 'اللغة',
    errors: {
      cardNumber: 'أدخل رقم بطاقة صحيحًا.',
      expiry: 'أدخل تاريخ انتهاء (MM/YY) لم يمضِ بعد.',
      cvv: 'رمز CVV هو الأرقام الثلاثة على ظهر البطاقة.',
      request: 'اختر طريقة الدفع ثم أحد الأزرار.',
    },
    closed: {
      paid: 'تمّ هذا الدفع.',
      failed: 'رُفض هذا الدفع.',
      canceled: 'أُلغي هذا الدفع.',
      expired: 'انتهت صلاحية صفحة الدفع هذه.',
    },
    back: 'العودة إلى المتجر',
    notFoundTitle: 'الدفع غير موجود',
    notFound: 'رابط الدفع هذا غير موجود أو لم يعد صالحًا.',
  },
} satisfies Record<Locale, unknown>;

type Texts = (typeof TEXTS)['en'];

// ---------- Card format checks ----------

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY, valid through the last day of that month. */
export function expiryValid(text: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export function cardProblems(card: { cardNumber: string; expiry: string; cvv: string }, now: Date): CardField[] {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  const problems: CardField[] = [];
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) problems.push('cardNumber');
  if (!expiryValid(card.expiry, now)) problems.push('expiry');
  if (!/^\d{3}$/.test(card.cvv.trim())) problems.push('cvv');
  return problems;
}

// ---------- HTML ----------

function pickLocale(query: unknown, fallback: Locale): Locale {
  return LOCALES.find((locale) => locale === query) ?? fallback;
}

const LOGO = `<svg class="logo" width="36" height="36" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><defs><linearGradient id="logo-bg" x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#00b4d8"/></linearGradient></defs><rect x="1" y="1" width="38" height="38" rx="11" fill="url(#logo-bg)"/><rect x="8" y="11" width="24" height="17" rx="4" fill="none" stroke="#fff" stroke-width="2.4"/><path d="M17.5 15.5v8l6.5-4-6.5-4Z" fill="#fff"/><path d="M15 32h10" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></svg>`;

function layout(locale: Locale, title: string, path: string, content: string): string {
  const t = TEXTS[locale];
  const languages = LOCALES.map((l) =>
    l === locale
      ? `<span aria-current="true">${LANGUAGE_NAMES[l]}</span>`
      : `<a href="${escapeHtml(`${path}?lang=${l}`)}" lang="${l}">${LANGUAGE_NAMES[l]}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.test} · ${escapeHtml(title)} · Nova IPTV</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<div class="test-banner" role="note"><strong>${t.test}</strong><span>${t.sandbox}</span></div>
<header class="top"><span class="brand">${LOGO}<span>Nova IPTV</span></span><nav class="languages" aria-label="${t.language}">${languages}</nav></header>
<main class="wrap">${content}</main>
</body>
</html>`;
}

/**
 * Like Chargily: back to success_url after paying, with the checkout's id appended as Chargily
 * appends its checkout_id; back to failure_url, as the shop wrote it, otherwise.
 */
function returnUrl(checkout: SandboxCheckout): string {
  if (checkout.status !== 'paid') return checkout.failureUrl;
  const url = new URL(checkout.successUrl);
  url.searchParams.append('checkout_id', checkout.id);
  return url.toString();
}

function amountBlock(checkout: SandboxCheckout, locale: Locale, t: Texts): string {
  return `<div class="amount-box"><span class="amount-label">${t.amount}</span><strong class="amount"><bdi>${escapeHtml(formatPrice(checkout.amount, locale))}</bdi></strong>${
    checkout.description ? `<p class="description">${escapeHtml(checkout.description)}</p>` : ''
  }</div>`;
}

function checkoutPage(checkout: SandboxCheckout, locale: Locale, problems: (CardField | 'request')[] = []): string {
  const t = TEXTS[locale];
  const path = `/sandbox/checkout/${encodeURIComponent(checkout.id)}`;
  const chosen = problems.some((p) => p !== 'request') ? 'card' : checkout.requestedMethod;
  const methods = PAYMENT_METHODS.map(
    (method) =>
      `<input class="method-input" type="radio" name="method" id="method-${method}" value="${method}"${method === chosen ? ' checked' : ''}>` +
      `<label class="method" for="method-${method}"><span class="method-name">${t[method]}</span><span class="method-hint">${t[`${method}Hint`]}</span></label>`,
  ).join('');
  const field = (name: CardField, attributes: string) =>
    `<label class="field field-${name}"><span>${t[name]}</span><input name="${name}" dir="ltr" ${attributes}${
      problems.includes(name) ? ' aria-invalid="true"' : ''
    }></label>`;
  const alert = problems.length
    ? `<div class="alert" role="alert"><ul>${problems.map((p) => `<li>${t.errors[p]}</li>`).join('')}</ul></div>`
    : '';
  return layout(
    locale,
    t.title,
    path,
    `<section class="panel">
<h1>${t.title}</h1>
${amountBlock(checkout, locale, t)}
${alert}
<form method="post" action="${escapeHtml(`${path}?lang=${locale}`)}" novalidate>
<fieldset class="methods"><legend>${t.method}</legend>${methods}
<div class="card-fields">
<p class="card-note">${t.cardNote}</p>
${field('cardNumber', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="0000 0000 0000 0000"')}
${field('expiry', 'autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"')}
${field('cvv', 'inputmode="numeric" autocomplete="cc-csc" maxlength="3" placeholder="123"')}
</div>
</fieldset>
<div class="actions">
<button class="btn btn-primary" type="submit" name="outcome" value="paid">${t.pay} <bdi>${escapeHtml(formatPrice(checkout.amount, locale))}</bdi></button>
<button class="btn btn-decline" type="submit" name="outcome" value="failed">${t.decline}</button>
<button class="btn btn-ghost" type="submit" name="outcome" value="canceled">${t.cancel}</button>
</div>
</form>
</section>`,
  );
}

function closedPage(checkout: SandboxCheckout, status: Exclude<CheckoutStatus, 'pending'>, locale: Locale): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.title,
    `/sandbox/checkout/${encodeURIComponent(checkout.id)}`,
    `<section class="panel">
<h1>${t.title}</h1>
${amountBlock(checkout, locale, t)}
<p class="state state-${status}" role="status">${t.closed[status]}</p>
<div class="actions"><a class="btn btn-primary" href="${escapeHtml(returnUrl(checkout))}">${t.back}</a></div>
</section>`,
  );
}

function notFoundPage(locale: Locale, path: string): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.notFoundTitle,
    path,
    `<section class="panel"><h1>${t.notFoundTitle}</h1><p>${t.notFound}</p></section>`,
  );
}

// ---------- Routes ----------

/** The sandbox checkout page's form (also described in ../openapi.ts). */
export const sandboxSubmissionSchema = z.object({
  outcome: z.enum(['paid', 'failed', 'canceled']),
  method: z.enum(PAYMENT_METHODS),
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvv: z.string().default(''),
});

function sendHtml(res: Response, status: number, html: string): void {
  // The page shows a payment in progress: never serve it from a cache.
  res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
}

export function sandboxPageRouter(sandbox: SandboxProvider, options: { now?: () => Date } = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();

  router.get('/sandbox/sandbox.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('css').send(STYLESHEET);
  });

  router.get('/sandbox/checkout/:id', async (req, res) => {
    const checkout = await sandbox.findCheckout(req.params.id);
    if (!checkout) return sendHtml(res, 404, notFoundPage(pickLocale(req.query.lang, 'ar'), req.path));
    const locale = pickLocale(req.query.lang, checkout.locale);
    sendHtml(
      res,
      200,
      checkout.status === 'pending' ? checkoutPage(checkout, locale) : closedPage(checkout, checkout.status, locale),
    );
  });

  // Parsed here too, so the page works wherever the router is mounted.
  router.post('/sandbox/checkout/:id', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const checkout = await sandbox.findCheckout(req.params.id);
    if (!checkout) return sendHtml(res, 404, notFoundPage(pickLocale(req.query.lang, 'ar'), req.path));
    const locale = pickLocale(req.query.lang, checkout.locale);
    if (checkout.status !== 'pending') return res.redirect(303, returnUrl(checkout));
    const form = sandboxSubmissionSchema.safeParse(req.body ?? {});
    if (!form.success) return sendHtml(res, 400, checkoutPage(checkout, locale, ['request']));
    const { outcome, method } = form.data;
    // A cancel needs no card; paying or declining with one needs a plausible one.
    if (method === 'card' && outcome !== 'canceled') {
      const problems = cardProblems(form.data, now());
      if (problems.length) return sendHtml(res, 400, checkoutPage(checkout, locale, problems));
    }
    const result = await sandbox.complete(checkout.id, outcome, method);
    res.redirect(303, returnUrl(result ?? checkout));
  });

  return router;
}

const STYLESHEET = `/* Sandbox checkout page: the storefront's colours (web/src/styles/tokens.css), light and dark. */
:root {
  color-scheme: light;
  --bg: #f5f6fb; --surface: #ffffff; --surface-2: #eef0f7; --border: #dde1ec; --border-strong: #c5cad9;
  --text: #131729; --text-muted: #4f566b;
  --primary: #5a3bea; --primary-hover: #4b2fd3; --on-primary: #ffffff; --primary-soft: #ece8ff; --primary-soft-text: #4325c9;
  --danger: #c92a2a; --danger-soft: #fdeaea; --success: #15803d; --success-soft: #e3f6e9;
  --warning: #b45309; --warning-soft: #fff3dc; --focus: #4d30d9;
  --shadow-lg: 0 18px 40px rgb(19 23 41 / 0.14), 0 4px 12px rgb(19 23 41 / 0.08);
  --hero-bg: radial-gradient(60rem 30rem at 85% -10%, rgb(0 180 216 / 0.35), transparent 60%),
    radial-gradient(40rem 30rem at 0% 110%, rgb(255 92 168 / 0.25), transparent 60%),
    linear-gradient(135deg, #170f45 0%, #33189a 48%, #0a4f78 100%);
  --font: 'Segoe UI', system-ui, -apple-system, 'Noto Sans', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
:root:lang(ar) { --font: 'Segoe UI', 'Noto Sans Arabic', 'Noto Naskh Arabic', Tahoma, system-ui, sans-serif; }
@media (prefers-color-scheme: dark) {
  :root {
    color-scheme: dark;
    --bg: #0c0f1d; --surface: #141829; --surface-2: #1b2036; --border: #2a3050; --border-strong: #3a4268;
    --text: #eceef8; --text-muted: #a9afc8;
    --primary: #5b40e0; --primary-hover: #6a50f0; --primary-soft: #2a2458; --primary-soft-text: #cfc6ff;
    --danger: #ff8a8a; --danger-soft: #3a1620; --success: #4ade80; --success-soft: #113322;
    --warning: #fbbf24; --warning-soft: #3a2a0c; --focus: #b3a4ff;
    --shadow-lg: 0 18px 40px rgb(0 0 0 / 0.5);
  }
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100dvh; background: var(--bg); color: var(--text); font: 1rem/1.6 var(--font); }
/* The sandbox never takes money, and says so before anything else, in every theme. */
.test-banner { display: flex; flex-wrap: wrap; justify-content: center; align-items: baseline; gap: 0.25rem 0.75rem; padding: 0.875rem clamp(1rem, 4vw, 2rem); background: #fbbf24; color: #1c1400; border-bottom: 4px solid #92400e; text-align: center; font-weight: 600; }
.test-banner strong { font-size: 1.25rem; }
:root:lang(ar) body { line-height: 1.75; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; padding: 1rem clamp(1rem, 4vw, 2rem) 6rem; background: var(--hero-bg); color: #fff; }
.brand { display: inline-flex; align-items: center; gap: 0.5rem; font-weight: 700; font-size: 1.125rem; white-space: nowrap; }
.languages { display: flex; gap: 0.25rem; margin-inline-start: auto; }
.languages a, .languages span { padding: 0.25rem 0.625rem; border-radius: 999px; color: #fff; font-size: 0.875rem; text-decoration: none; }
.languages a:hover { background: rgb(255 255 255 / 0.15); }
.languages span { background: rgb(255 255 255 / 0.2); font-weight: 600; }
.wrap { max-width: 34rem; margin: -4.5rem auto 3rem; padding: 0 1rem; }
.panel { background: var(--surface); border: 1px solid var(--border); border-radius: 1.25rem; box-shadow: var(--shadow-lg); padding: clamp(1.25rem, 5vw, 2rem); }
h1 { margin: 0; font-size: 1.5rem; line-height: 1.3; }
.panel > p:last-child { margin-bottom: 0; }
.amount-box { margin: 1.25rem 0; padding: 1rem 1.25rem; border-radius: 0.75rem; background: var(--primary-soft); color: var(--primary-soft-text); }
.amount-label { display: block; font-size: 0.875rem; font-weight: 600; }
.amount { display: block; font-size: 2rem; font-weight: 700; line-height: 1.3; color: var(--text); }
.description { margin: 0.25rem 0 0; color: var(--text-muted); overflow-wrap: anywhere; }
.alert { margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: 0.75rem; background: var(--danger-soft); color: var(--danger); font-weight: 600; }
.alert ul { margin: 0; padding-inline-start: 1.25rem; }
.methods { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.75rem; margin: 0; padding: 0; border: 0; min-width: 0; }
.methods legend { grid-column: 1 / -1; padding: 0; margin-bottom: 0.5rem; font-weight: 600; }
.method-input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.method { display: flex; flex-direction: column; gap: 0.125rem; padding: 0.75rem 1rem; border: 2px solid var(--border-strong); border-radius: 0.75rem; cursor: pointer; background: var(--surface); }
.method:hover { border-color: var(--primary); }
.method-name { font-weight: 700; }
.method-hint { color: var(--text-muted); font-size: 0.875rem; }
.method-input:checked + .method { border-color: var(--primary); background: var(--primary-soft); }
.method-input:focus-visible + .method { outline: 3px solid var(--focus); outline-offset: 2px; }
.card-fields { display: none; grid-column: 1 / -1; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: end; gap: 0.75rem; padding: 1rem; border-radius: 0.75rem; background: var(--surface-2); }
#method-card:checked ~ .card-fields { display: grid; }
.card-note { grid-column: 1 / -1; margin: 0; color: var(--text-muted); font-size: 0.875rem; }
.field { display: flex; flex-direction: column; gap: 0.25rem; font-size: 0.875rem; font-weight: 600; }
.field-cardNumber { grid-column: 1 / -1; }
.field input { width: 100%; min-width: 0; font: inherit; font-size: 1rem; font-weight: 400; padding: 0.625rem 0.75rem; border: 1px solid var(--border-strong); border-radius: 0.5rem; background: var(--surface); color: var(--text); }
:root[dir='rtl'] .field input { text-align: right; }
.field input:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
.field input[aria-invalid='true'] { border-color: var(--danger); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
.btn { display: inline-flex; align-items: center; justify-content: center; gap: 0.375rem; min-height: 2.75rem; padding: 0.5rem 1.5rem; border: 1px solid transparent; border-radius: 999px; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
.btn:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.btn-primary { flex: 1 1 100%; background: var(--primary); color: var(--on-primary); box-shadow: 0 6px 16px -6px rgb(90 59 234 / 0.6); }
.btn-primary:hover { background: var(--primary-hover); }
.btn-decline { flex: 1; background: var(--danger-soft); color: var(--danger); }
.btn-ghost { flex: 1; background: transparent; color: var(--text); border-color: var(--border-strong); }
.btn-ghost:hover { background: var(--surface-2); }
.state { margin: 0; padding: 0.75rem 1rem; border-radius: 0.75rem; font-weight: 600; background: var(--danger-soft); color: var(--danger); }
.state-paid { background: var(--success-soft); color: var(--success); }
`;
