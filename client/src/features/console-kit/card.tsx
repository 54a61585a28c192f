import type { ReactNode } from 'react';

/** A titled card of a console page; the heading names the section for screen readers. */
export function Card({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** The value's class (a pre-formatted address, the grand total). */
  className?: string;
}

/** Label and value pairs as a definition list; `false` entries are left out, so facts can be conditional. */
export function Facts({ facts, className = 'admin-dl' }: { facts: ReadonlyArray<Fact | false | null | ''>; className?: string }) {
  return (
    <dl className={className}>
      {facts.map(
        (fact, index) =>
          fact && (
            <FactRow key={index} fact={fact} />
          ),
      )}
    </dl>
  );
}

function FactRow({ fact }: { fact: Fact }) {
  return (
    <>
      <dt>{fact.label}</dt>
      <dd className={fact.className}>{fact.value}</dd>
    </>
  );
}

/** A short list of names with a figure each (the dashboard's cards), or `empty` when there is none. */
export function FigureList<Row>({ rows, rowKey, name, figure, ordered = false, empty }: { rows: readonly Row[]; rowKey: (row: Row) => string | number; name: (row: Row) => ReactNode; figure: (row: Row) => ReactNode; ordered?: boolean; empty?: string }) {
  if (rows.length === 0 && empty) return <p className="muted">{empty}</p>;
  const items = rows.map((row) => (
    <li key={rowKey(row)}>
      {name(row)}
      <span className="admin-num">{figure(row)}</span>
    </li>
  ));
  return ordered ? <ol className="admin-list">{items}</ol> : <ul className="admin-list">{items}</ul>;
}
