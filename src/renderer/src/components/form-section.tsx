import { useId, type ReactNode } from 'react';

export interface FormSectionProps {
  title: string;
  /** One sentence under the heading: what this group is for. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled group of settings: a heading and a rule, instead of a boxed fieldset. */
export function FormSection({ title, description, children, className }: FormSectionProps) {
  const headingId = useId();
  return (
    <section className={`form-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {description ? <p className="muted small">{description}</p> : null}
      <div className="form-section-body">{children}</div>
    </section>
  );
}
