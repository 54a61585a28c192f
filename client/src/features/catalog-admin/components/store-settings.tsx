import { useState, type FormEvent } from 'react';
import type { AdminCategory, AdminSettings } from '../../../../../contracts/catalog-admin';
import { FormField } from '../../console-kit/create-form';
import { RichTextField } from '../../console-kit/rich-text-field';
import { FormError, QueryView, errorMessage, fieldErrors } from '../../console-kit/query-state';
import { useStaffRole } from '../../console-kit/staff-session-context';
import { useAdminCategories, useAdminPost, useAdminSettings, useChangeCategory, useCreateCategory, useSaveSettings, useSavePost } from '../api/store';

/** The category tree (two levels) in its order: add, rename, reorder. */
export function CategoryTree() {
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const readOnly = useStaffRole() !== 'admin';
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parent = String(data.get('parent_id') ?? '');
    const nameBn = String(data.get('name_bn') ?? '').trim();
    create.mutate({ name: String(data.get('name') ?? '').trim(), name_bn: nameBn || null, parent_id: parent ? Number(parent) : null }, { onSuccess: () => form.reset() });
  };
  return (
    <QueryView query={categories} what="Categories">
      {(answer) => (
        <>
          <ul className="admin-tree">
            {answer.tree.map((top) => (
              <li key={top.id}>
                <CategoryRow category={top} readOnly={readOnly} />
                <ul>
                  {(top.children ?? []).map((child) => (
                    <li key={child.id}>
                      <CategoryRow category={child} readOnly={readOnly} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {!readOnly && (
            <form className="form card" onSubmit={submit} aria-label="New category">
              <h2 className="section-title">Add a category</h2>
              <FormField label="Name" error={errors.name}>
                <input name="name" required maxLength={100} className="field__input" />
              </FormField>
              <FormField label="Name in Bengali (shown in Bengali mode; empty: the English name)" error={errors.name_bn}>
                <input name="name_bn" lang="bn" maxLength={100} className="field__input" />
              </FormField>
              <label>
                Under
                <select name="parent_id" className="field__input" defaultValue="">
                  <option value="">(top level)</option>
                  {answer.tree.map((top) => (
                    <option key={top.id} value={top.id}>
                      {top.name}
                    </option>
                  ))}
                </select>
              </label>
              {(errors.parent_id || errors.slug) && <p className="field__error">{errors.parent_id ?? errors.slug}</p>}
              <FormError error={create.error} fields={errors} />
              <button type="submit" className="button" disabled={create.isPending}>
                Add category
              </button>
            </form>
          )}
        </>
      )}
    </QueryView>
  );
}

function CategoryRow({ category, readOnly }: { category: AdminCategory; readOnly: boolean }) {
  const change = useChangeCategory();
  const [editing, setEditing] = useState(false);
  if (!editing || readOnly) {
    return (
      <span className="admin-tree__row">
        <strong>{category.name}</strong>
        {category.name_bn && <span lang="bn"> · {category.name_bn}</span>} <span className="muted">/{category.slug} · position {category.position} · {category.products} products</span>{' '}
        {!readOnly && (
          <button type="button" className="link-button" onClick={() => setEditing(true)} aria-label={`Edit ${category.name}`}>
            Edit
          </button>
        )}
      </span>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    change.mutate(
      { id: category.id, name: String(data.get('name') ?? '').trim(), name_bn: String(data.get('name_bn') ?? '').trim() || null, position: Number(data.get('position')), version: category.version },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <form className="admin-tree__edit" onSubmit={submit} aria-label={`Edit ${category.name}`}>
      <input name="name" defaultValue={category.name} required className="field__input" aria-label="Name" />
      <input name="name_bn" lang="bn" defaultValue={category.name_bn ?? ''} className="field__input" aria-label="Name in Bengali" placeholder="বাংলা নাম" />
      <input name="position" type="number" min={0} defaultValue={category.position} className="field__input" aria-label="Position" />
      <button type="submit" className="button" disabled={change.isPending}>
        Save
      </button>
      <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {change.error && <span className="field__error">{errorMessage(change.error)}</span>}
    </form>
  );
}

type SettingField = { name: keyof AdminSettings & string; label: string; where: string; bn?: boolean; type?: string; money?: boolean; whole?: boolean; json?: boolean; lines?: boolean; choices?: Array<{ value: string; label: string }> };

/**
 * The settings in the groups an owner thinks in, each field saying where the shopper meets it (issue 31).
 * Which delivery charge applies: the zones price every order placed with an area (ADR 059); the "inside" and
 * "outside Dhaka" charges are the Dhaka city zone's and the rest of the country's, one setting seen two ways.
 */
const SETTINGS_GROUPS: Array<{ title: string; about: string; fields: SettingField[] }> = [
  {
    title: 'Store',
    about: 'Who the shop is.',
    fields: [
      { name: 'name', label: 'Store name', where: 'In the browser tab, the page header and the footer.' },
      { name: 'name_bn', label: 'Store name in Bengali', bn: true, where: 'The same places in Bengali mode; empty: the English name.' },
      { name: 'description', label: 'Description', where: 'In the footer under the store name, and in search results on Google.' },
      { name: 'description_bn', label: 'Description in Bengali', bn: true, where: 'In the footer in Bengali mode; empty: the English description.' },
      { name: 'currency', label: 'Currency symbol', where: 'Beside every price in the shop.' },
    ],
  },
  {
    title: 'Contact',
    about: 'How shoppers reach you.',
    fields: [
      { name: 'hotline', label: 'Hotline (care phone)', where: 'In the top bar of every page and in "Questions about size or delivery?" on the product page.' },
      { name: 'whatsApp', label: 'WhatsApp number', where: 'The contact page opens a WhatsApp chat with this number.' },
      { name: 'email', label: 'Contact e-mail', type: 'email', where: 'In the footer and on the contact page.' },
      { name: 'fblink', label: 'Facebook page', where: 'The Facebook link in the footer.' },
      { name: 'address', label: 'Address', where: 'In the footer.' },
      { name: 'address_bn', label: 'Address in Bengali', bn: true, where: 'In the footer in Bengali mode; empty: the English address.' },
    ],
  },
  {
    title: 'Delivery',
    about:
      'What delivery costs and how long it takes. The delivery zones set the charge of every order: the shopper picks their area at checkout and pays their zone’s charge for the parcel’s weight. The two charges below are two of those zones seen on their own (saving one changes that zone).',
    fields: [
      { name: 'delivery_zones', label: 'Delivery zones (JSON: id, name, name_bn, charge, per_kg, days_min, days_max, areas)', json: true, where: 'Checkout shows the zone of the chosen area, its charge and its days. The zone with no areas is the rest of the country.' },
      { name: 'devliery_charge_inside_dhk', label: 'Delivery inside Dhaka (৳)', money: true, where: 'The Dhaka city zone’s charge: checkout, cart and order totals for Dhaka city addresses.' },
      { name: 'devliery_charge_outside_dhk', label: 'Delivery outside Dhaka (৳)', money: true, where: 'The rest-of-the-country zone’s charge, for addresses in no other zone.' },
      { name: 'devliery_charge', label: 'Delivery charge (৳)', money: true, where: 'Not charged to anyone while the inside-Dhaka charge is set: kept for older apps that ask for one charge.' },
      { name: 'product_weight_grams', label: 'Weight of one product (grams), for the delivery charge per kilogram', money: true, whole: true, where: 'Heavier orders pay their zone’s per-kilogram charge for each kilogram after the first.' },
      { name: 'delivery_time_inside_dhaka', label: 'Delivery time inside Dhaka', where: 'On every product page: "Delivery in … inside Dhaka" (e.g. 1-2 days).' },
      { name: 'delivery_time_inside_dhaka_bn', label: 'Delivery time inside Dhaka in Bengali', bn: true, where: 'The same in Bengali mode (e.g. ১-২ দিন); empty: the English one.' },
      { name: 'delivery_time_outside_dhaka', label: 'Delivery time outside Dhaka', where: 'On every product page: "… outside Dhaka" (e.g. 3-5 days).' },
      { name: 'delivery_time_outside_dhaka_bn', label: 'Delivery time outside Dhaka in Bengali', bn: true, where: 'The same in Bengali mode (e.g. ৩-৫ দিন); empty: the English one.' },
      { name: 'return_days', label: 'Returns accepted within (days)', money: true, whole: true, where: 'On every product page: "Easy returns within … days of delivery".' },
    ],
  },
  {
    title: 'Payments',
    about: 'Paying by bKash, and when an order waits for money before it is confirmed.',
    fields: [
      { name: 'bkash_number', label: 'bKash number', where: 'At checkout and on the order page when the shopper pays by bKash.' },
      {
        name: 'advance_rules',
        label: 'Advance by bKash before confirming (JSON: first_order, phone_with_returns, total_above, districts, amount: delivery_charge or percent, percent)',
        json: true,
        where: 'Checkout tells the shopper the advance to pay; care sees the order wait for it.',
      },
    ],
  },
  {
    title: 'Cash-on-delivery rules',
    about: 'Limits that keep fake or careless cash orders down. 0 turns a limit off.',
    fields: [
      {
        name: 'checkout_phone_verification',
        label: 'Verify the phone by SMS code at checkout',
        where: 'At checkout the shopper is asked for the code sent to their phone.',
        choices: [
          { value: 'off', label: 'Off' },
          { value: 'risky', label: 'Only phones with returns, expired orders or a block' },
          { value: 'always', label: 'Always' },
        ],
      },
      { name: 'cod_open_orders_per_phone', label: 'Open unpaid orders per phone (cash on delivery, or bKash not yet verified; 0 = no limit)', money: true, whole: true, where: 'Checkout refuses one more order and says why.' },
      { name: 'checkout_limit_per_ip_hour', label: 'Checkouts per network address per hour (0 = no limit)', money: true, whole: true, where: 'Checkout asks the shopper to try again later.' },
      { name: 'checkout_units_per_ip_hour', label: 'Items held in unconfirmed orders per network address per hour (0 = no limit)', money: true, whole: true, where: 'Checkout asks the shopper to try again later.' },
      { name: 'low_stock_threshold', label: 'Say "only N left" at or below', money: true, whole: true, where: 'On the product page beside a size running low.' },
    ],
  },
  {
    title: 'Search',
    about: 'Words shoppers type for the same thing, in English, Bengali or a mix (ADR 065).',
    fields: [
      {
        name: 'search_synonyms',
        label: 'Search synonyms: one group a line, words or phrases that mean the same separated by commas (গেঞ্জি, টি-শার্ট, tshirt, tee)',
        lines: true,
        where: 'The shop’s search finds a product by any word of its group; empty: the built-in groups.',
      },
    ],
  },
  {
    title: 'Messages',
    about: 'How many order SMS and e-mails one shopper can make the store send.',
    fields: [
      { name: 'order_messages_per_hour', label: 'Order SMS or e-mails a shopper can cause to one phone or address per hour (0 = no cap)', money: true, whole: true, where: 'Messages past the cap are held back; care sees them under System › Projections.' },
      { name: 'order_messages_per_day', label: 'The same per day (0 = no cap)', money: true, whole: true, where: 'As above, per day.' },
    ],
  },
];

const SETTINGS_FIELDS: SettingField[] = SETTINGS_GROUPS.flatMap((group) => group.fields);

/** Synonym groups as the console shows them: one group a line, its phrases between commas. */
function linesOf(groups: unknown): string {
  return Array.isArray(groups) ? groups.map((group) => (Array.isArray(group) ? group.join(', ') : '')).join('\n') : '';
}

function groupsOf(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split(/[,،]/).map((phrase) => phrase.trim()).filter((phrase) => phrase !== ''))
    .filter((group) => group.length > 0);
}

/** A JSON field as typed: parsed when it reads as JSON, else sent as typed so the server names the mistake. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One setting: its label, its input, where the shopper sees it (read out with the field), and its error. */
function SettingInput({ field, value, error }: { field: SettingField; value: unknown; error?: string }) {
  const hintId = `setting-${field.name}-where`;
  const common = { name: field.name, className: 'field__input', 'aria-describedby': hintId, lang: field.bn ? 'bn' : undefined };
  return (
    <div>
      <label>
        {field.label}
        {field.lines ? (
          <textarea {...common} rows={10} defaultValue={linesOf(value)} spellCheck={false} />
        ) : field.json ? (
          <textarea {...common} rows={8} defaultValue={JSON.stringify(value ?? null, null, 2)} className="field__input admin-pre" spellCheck={false} />
        ) : field.choices ? (
          <select {...common} defaultValue={String(value ?? field.choices[0]?.value ?? '')}>
            {field.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : (
          <input {...common} type={field.money ? 'number' : (field.type ?? 'text')} step={field.whole ? '1' : field.money ? '0.01' : undefined} min={field.money ? 0 : undefined} defaultValue={String(value ?? '')} />
        )}
      </label>
      <span id={hintId} className="admin-hint">
        {field.where}
      </span>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

export function SettingsForm() {
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const readOnly = useStaffRole() !== 'admin';
  const errors = fieldErrors(save.error);
  return (
    <QueryView query={settings} what="Settings">
      {(current) => (
        <form
          className="form card"
          aria-label="Store settings"
          key={current.version}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const body: Record<string, unknown> = { version: current.version };
            for (const field of SETTINGS_FIELDS) {
              const typed = String(data.get(field.name) ?? '').trim();
              body[field.name] = field.money ? Number(typed) : field.json ? jsonOf(typed) : field.lines ? groupsOf(typed) : typed;
            }
            save.mutate(body);
          }}
        >
          <fieldset disabled={readOnly || save.isPending} className="admin-settings">
            {SETTINGS_GROUPS.map((group) => (
              <fieldset key={group.title} className="admin-settings-group">
                <legend>{group.title}</legend>
                <p className="admin-hint">{group.about}</p>
                {group.fields.map((field) => (
                  <SettingInput key={field.name} field={field} value={current[field.name]} error={errors[field.name]} />
                ))}
              </fieldset>
            ))}
          </fieldset>
          <FormError error={save.error} fields={errors} />
          {save.isSuccess && <p className="notice" role="status">Settings saved; the shop shows them now.</p>}
          {!readOnly && (
            <button type="submit" className="button" disabled={save.isPending}>
              Save settings
            </button>
          )}
        </form>
      )}
    </QueryView>
  );
}

const PAGES = [
  { slug: 'about', label: 'About us' },
  { slug: 'terms', label: 'Terms & conditions' },
  { slug: 'privacy', label: 'Privacy policy' },
  { slug: 'return', label: 'Return policy' },
];

/** The info pages: title and text (rich-text editor) with a preview (scripts never run: the preview is a sandboxed frame), cleaned by the server on save. */
export function InfoPages() {
  const [slug, setSlug] = useState('about');
  return (
    <>
      <nav aria-label="Info pages" className="admin-tabs">
        {PAGES.map((page) => (
          <button key={page.slug} type="button" className={`button ${page.slug === slug ? '' : 'button--secondary'}`} aria-pressed={page.slug === slug} onClick={() => setSlug(page.slug)}>
            {page.label}
          </button>
        ))}
      </nav>
      <PostEditor key={slug} slug={slug} />
    </>
  );
}

function PostEditor({ slug }: { slug: string }) {
  const post = useAdminPost(slug);
  const save = useSavePost(slug);
  const readOnly = useStaffRole() !== 'admin';
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <QueryView query={post} what="Page">
      {(current) => {
        const html = draft ?? current.html;
        return (
          <form
            className="form card"
            aria-label={`Edit ${slug} page`}
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              save.mutate({ name: String(data.get('name') ?? '').trim(), html, version: current.version }, { onSuccess: () => setDraft(null) });
            }}
          >
            <fieldset disabled={readOnly || save.isPending}>
              <label>
                Title (the page's heading in the shop)
                <input name="name" defaultValue={current.name} key={current.version} required className="field__input" />
              </label>
              <RichTextField key={current.version} name="html" label="Text" hint="Paragraphs, lists, bold and italic; anything else is removed on save." defaultValue={current.html} disabled={readOnly || save.isPending} onChange={setDraft} />
            </fieldset>
            <h3>Preview</h3>
            <iframe title="Preview" sandbox="" srcDoc={html} className="admin-preview" />
            {save.error && <p className="notice notice--error" role="alert">{errorMessage(save.error)}</p>}
            {save.isSuccess && <p className="notice" role="status">Saved; the page shows it now.</p>}
            {!readOnly && (
              <button type="submit" className="button" disabled={save.isPending}>
                Save page
              </button>
            )}
          </form>
        );
      }}
    </QueryView>
  );
}
