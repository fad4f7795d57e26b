/**
 * Form parts that show the API's validation errors on the field they concern. A field names its
 * place in the request body as a dotted path (`confidenceThresholds.reviewFlag`, `routingRules.0`),
 * the same path the API's error `details` use.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import { textOf } from './paths.js';

/** The API's detail messages at a path or below it, each prefixed with what lies below. */
export function errorsAt(error: unknown, path: string): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.details
    .filter((d) => d.path === path || d.path.startsWith(`${path}.`))
    .map((d) => (d.path === path ? d.message : `${d.path.slice(path.length + 1)}: ${d.message}`));
}

export function FieldErrors(props: { id: string; messages: string[] }) {
  if (props.messages.length === 0) return null;
  return (
    <ul class="field-error plain" id={props.id}>
      {props.messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: string;
  /** The dotted path in the request body, for the API's errors. */
  path: string;
  error: unknown;
  disabled?: boolean;
  hint?: string;
}

/** A labelled control with the API's errors for its path under it (and aria-invalid on it). */
function Field(
  props: FieldProps & { control: (a: { id: string; invalid: boolean; describedBy?: string }) => ComponentChildren },
) {
  const id = useId();
  const messages = errorsAt(props.error, props.path);
  const errId = `${id}-err`;
  return (
    <div class="field" data-path={props.path}>
      <label for={id}>{props.label}</label>
      {props.control({ id, invalid: messages.length > 0, ...(messages.length ? { describedBy: errId } : {}) })}
      {props.hint && <span class="hint"> {props.hint}</span>}
      <FieldErrors id={errId} messages={messages} />
    </div>
  );
}

const inputValue = (e: Event): string => (e.target as HTMLInputElement).value;

export function TextField(props: FieldProps & { value: string; onChange: (v: string) => void; size?: number }) {
  return (
    <Field
      {...props}
      control={(a) => (
        <input
          id={a.id}
          type="text"
          size={props.size}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={a.invalid}
          aria-describedby={a.describedBy}
          onInput={(e) => props.onChange(inputValue(e))}
        />
      )}
    />
  );
}

/**
 * A number: sent as a number when it reads as one, else as the text typed, so the API (not the
 * page) says what is wrong with it.
 */
export function NumberField(
  props: FieldProps & { value: unknown; onChange: (v: number | string | undefined) => void; step?: string },
) {
  const shown = props.value === undefined || props.value === null ? '' : textOf(props.value);
  return (
    <Field
      {...props}
      control={(a) => (
        <input
          id={a.id}
          inputMode="decimal"
          step={props.step}
          value={shown}
          disabled={props.disabled}
          aria-invalid={a.invalid}
          aria-describedby={a.describedBy}
          onInput={(e) => {
            const text = inputValue(e).trim();
            props.onChange(text === '' ? undefined : Number.isFinite(Number(text)) ? Number(text) : text);
          }}
        />
      )}
    />
  );
}

export function SelectField(
  props: FieldProps & { value: string; options: readonly string[]; onChange: (v: string) => void; blank?: string },
) {
  return (
    <Field
      {...props}
      control={(a) => (
        <select
          id={a.id}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={a.invalid}
          aria-describedby={a.describedBy}
          onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}
        >
          {props.blank !== undefined && <option value="">{props.blank}</option>}
          {props.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function CheckField(props: {
  label: string;
  path: string;
  error: unknown;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const messages = errorsAt(props.error, props.path);
  return (
    <div class="field check-field" data-path={props.path}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-invalid={messages.length > 0}
        aria-describedby={messages.length ? `${id}-err` : undefined}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />{' '}
      <label for={id}>{props.label}</label>
      <FieldErrors id={`${id}-err`} messages={messages} />
    </div>
  );
}

/**
 * A list of words typed with commas between them (e-mail addresses, field names). The text is kept
 * as typed (a trailing comma stays while typing); the list is what it reads as.
 */
export function ListField(
  props: FieldProps & { value: readonly string[] | undefined; onChange: (v: string[]) => void },
) {
  const [text, setText] = useState((props.value ?? []).join(', '));
  return (
    <TextField
      {...props}
      hint={props.hint ?? '(comma-separated)'}
      value={text}
      onChange={(typed) => {
        setText(typed);
        props.onChange(
          typed
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        );
      }}
    />
  );
}

/** A choice of several among a fixed set, as a group of checkboxes. */
export function CheckGroup(props: {
  legend: string;
  path: string;
  error: unknown;
  options: readonly string[];
  value: readonly string[] | undefined;
  onChange: (v: string[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const chosen = props.value ?? [];
  const messages = errorsAt(props.error, props.path);
  return (
    <fieldset
      disabled={props.disabled}
      data-path={props.path}
      aria-describedby={messages.length ? `${id}-err` : undefined}
    >
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o} class="check">
          <input
            type="checkbox"
            checked={chosen.includes(o)}
            onChange={(e) =>
              props.onChange((e.target as HTMLInputElement).checked ? [...chosen, o] : chosen.filter((x) => x !== o))
            }
          />{' '}
          {o}
        </label>
      ))}
      <FieldErrors id={`${id}-err`} messages={messages} />
    </fieldset>
  );
}

/** A titled group of fields (a `fieldset`), with the API's errors for its whole path under it when asked. */
export function Section(props: {
  legend: string;
  children: ComponentChildren;
  path?: string;
  error?: unknown;
  disabled?: boolean;
}) {
  const id = useId();
  // Only the messages at the group's own path: its fields show theirs.
  const messages =
    props.path && props.error instanceof ApiError
      ? props.error.details.filter((d) => d.path === props.path).map((d) => d.message)
      : [];
  return (
    <fieldset class="section" disabled={props.disabled} data-path={props.path}>
      <legend>{props.legend}</legend>
      {props.children}
      <FieldErrors id={`${id}-err`} messages={messages} />
    </fieldset>
  );
}

/** Reads a file the person chose as base64 (the API's JSON upload form). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
