import { useState, type FormEvent } from 'react';
import type { AdminCategory, AdminSettings } from '../../../../../contracts/catalog-admin';
import { FormField } from '../../console-kit/create-form';
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
    create.mutate({ name: String(data.get('name') ?? '').trim(), parent_id: parent ? Number(parent) : null }, { onSuccess: () => form.reset() });
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
        <strong>{category.name}</strong> <span className="muted">/{category.slug} · position {category.position} · {category.products} products</span>{' '}
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
      { id: category.id, name: String(data.get('name') ?? '').trim(), position: Number(data.get('position')), version: category.version },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <form className="admin-tree__edit" onSubmit={submit} aria-label={`Edit ${category.name}`}>
      <input name="name" defaultValue={category.name} required className="field__input" aria-label="Name" />
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

const SETTINGS_FIELDS: Array<{ name: keyof AdminSettings & string; label: string; type?: string; money?: boolean; whole?: boolean; json?: boolean; lines?: boolean; choices?: Array<{ value: string; label: string }> }> = [
  { name: 'name', label: 'Store name' },
  { name: 'description', label: 'Description' },
  { name: 'email', label: 'Contact e-mail', type: 'email' },
  { name: 'whatsApp', label: 'WhatsApp number' },
  { name: 'fblink', label: 'Facebook page' },
  { name: 'address', label: 'Address' },
  { name: 'currency', label: 'Currency symbol' },
  { name: 'devliery_charge', label: 'Delivery charge (৳)', money: true },
  { name: 'devliery_charge_inside_dhk', label: 'Delivery inside Dhaka (৳)', money: true },
  { name: 'devliery_charge_outside_dhk', label: 'Delivery outside Dhaka (৳)', money: true },
  { name: 'bkash_number', label: 'bKash number' },
  { name: 'hotline', label: 'Hotline (care phone)' },
  { name: 'delivery_time_inside_dhaka', label: 'Delivery time inside Dhaka' },
  { name: 'delivery_time_outside_dhaka', label: 'Delivery time outside Dhaka' },
  { name: 'return_days', label: 'Returns accepted within (days)', money: true, whole: true },
  { name: 'low_stock_threshold', label: 'Say "only N left" at or below', money: true, whole: true },
  {
    name: 'checkout_phone_verification',
    label: 'Verify the phone by SMS code at checkout',
    choices: [
      { value: 'off', label: 'Off' },
      { value: 'risky', label: 'Only phones with returns, expired orders or a block' },
      { value: 'always', label: 'Always' },
    ],
  },
  // Limits on what one shopper can hold or make the store send (issues 14 and 27); 0 turns a limit off.
  { name: 'cod_open_orders_per_phone', label: 'Open unpaid orders per phone (cash on delivery, or bKash not yet verified; 0 = no limit)', money: true, whole: true },
  { name: 'checkout_limit_per_ip_hour', label: 'Checkouts per network address per hour (0 = no limit)', money: true, whole: true },
  { name: 'checkout_units_per_ip_hour', label: 'Items held in unconfirmed orders per network address per hour (0 = no limit)', money: true, whole: true },
  { name: 'order_messages_per_hour', label: 'Order SMS or e-mails a shopper can cause to one phone or address per hour (0 = no cap)', money: true, whole: true },
  { name: 'order_messages_per_day', label: 'The same per day (0 = no cap)', money: true, whole: true },
  // Issue 30 (ADR 059): delivery zones (areas: d-47 a district, u-365 an upazila, t-12 a city thana; one zone with
  // no area is the rest of the country), a product's weight, and when an order waits for a bKash advance.
  { name: 'product_weight_grams', label: 'Weight of one product (grams), for the delivery charge per kilogram', money: true, whole: true },
  { name: 'delivery_zones', label: 'Delivery zones (JSON: id, name, name_bn, charge, per_kg, days_min, days_max, areas)', json: true },
  { name: 'advance_rules', label: 'Advance by bKash before confirming (JSON: first_order, phone_with_returns, total_above, districts, amount: delivery_charge or percent, percent)', json: true },
  // Issue 32 (ADR 065): words shoppers type for the same thing; one group a line, its words or phrases between commas.
  { name: 'search_synonyms', label: 'Search synonyms: one group a line, words or phrases that mean the same separated by commas (গেঞ্জি, টি-শার্ট, tshirt, tee)', lines: true },
];

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
          <fieldset disabled={readOnly || save.isPending}>
            {SETTINGS_FIELDS.map((field) => (
              <div key={field.name}>
                <FormField label={field.label} error={errors[field.name]}>
                  {field.lines ? (
                    <textarea name={field.name} rows={10} defaultValue={linesOf(current[field.name])} className="field__input" spellCheck={false} />
                  ) : field.json ? (
                    <textarea name={field.name} rows={8} defaultValue={JSON.stringify(current[field.name] ?? null, null, 2)} className="field__input admin-pre" spellCheck={false} />
                  ) : field.choices ? (
                    <select name={field.name} defaultValue={String(current[field.name] ?? field.choices[0]?.value ?? '')} className="field__input">
                      {field.choices.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                  <input name={field.name} type={field.money ? 'number' : (field.type ?? 'text')} step={field.whole ? '1' : field.money ? '0.01' : undefined} min={field.money ? 0 : undefined} defaultValue={String(current[field.name] ?? '')} className="field__input" />
                  )}
                </FormField>
              </div>
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

/** The info pages: HTML with a preview (scripts never run: the preview is a sandboxed frame), cleaned by the server on save. */
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
                Title
                <input name="name" defaultValue={current.name} key={current.version} required className="field__input" />
              </label>
              <label>
                HTML (paragraphs, lists, bold; anything else is removed on save)
                <textarea rows={10} value={html} onChange={(event) => setDraft(event.target.value)} className="field__input" />
              </label>
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
