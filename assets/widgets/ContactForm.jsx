// The contact form: it hands the patient's message to the clinic's WhatsApp chat and
// sends nothing anywhere else (spec section 7; the draft is local only, section 3).
//
// - Validation is ours (noValidate), in the page's language: a message under each
//   invalid field, tied to it with aria-invalid/aria-describedby, and focus on the first
//   one. Whitespace-only counts as empty.
// - The WhatsApp tab is opened synchronously inside the submit handler: after any await
//   Safari's popup blocker would swallow it. If a blocker stops it anyway, the form keeps
//   the draft and shows the same chat as a plain link.
// - Fields carry no `name`, so a submit before the page is interactive never puts the
//   patient's data into a URL of ours.
import { useId, useRef, useState } from "react";

const FIELDS = ["name", "email", "phone", "message", "consent"];
const EMPTY = { name: "", email: "", phone: "", message: "", consent: false };
// HTML's definition of a valid e-mail address, plus a dot in the domain ("ana@gmail"
// is almost always a typo).
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

// "{name}" -> values.name in one pass, so text the patient typed is never re-read as a
// placeholder (a name such as "{email}" or "$&" stays as typed).
const fill = (template, values) =>
  template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? String(values[key]) : match));

function cleaned(draft) {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    message: draft.message.trim(),
    consent: draft.consent,
  };
}

function validate(values, texts) {
  const errors = {};
  if (!values.name) errors.name = texts.errorName;
  if (!values.email) errors.email = texts.errorEmail;
  else if (!EMAIL.test(values.email)) errors.email = texts.errorEmailInvalid;
  if (!values.message) errors.message = texts.errorMessage;
  if (!values.consent) errors.consent = texts.errorConsent;
  return errors;
}

// The prefilled chat text: greeting with the name, then e-mail, phone (when given) and
// the message, one per line, in the page's language.
export function whatsappText(values, texts) {
  const lines = [fill(texts.greeting, values), fill(texts.emailLine, values)];
  if (values.phone) lines.push(fill(texts.phoneLine, values));
  lines.push(fill(texts.messageLine, values));
  return lines.join("\n");
}

const INPUT =
  "mt-1 block w-full scroll-mt-24 rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const inputClass = (invalid) => `${INPUT} ${invalid ? "border-red-700" : "border-muted/50"}`;

function FieldError({ id, text }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor"
           strokeWidth="2" strokeLinecap="round" className="mt-0.5 shrink-0">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <span>{text}</span>
    </p>
  );
}

export function ContactForm({ whatsappUrl, privacyHref, maxMessageLength, locale, texts }) {
  const uid = useId();
  const id = (field) => `${uid}-${field}`;
  const errorId = (field) => `${uid}-${field}-error`;
  const refs = useRef({});
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState(null); // null | {kind: "sent"} | {kind: "blocked", url}
  const max = maxMessageLength;

  const update = (field, value) => {
    const next = { ...draft, [field]: field === "message" ? value.slice(0, max) : value };
    setDraft(next);
    setStatus(null);
    // After a failed submit, each message disappears as soon as its field is fixed.
    if (attempted) setErrors(validate(cleaned(next), texts));
  };

  const onSubmit = (event) => {
    event.preventDefault();
    const values = cleaned(draft);
    const found = validate(values, texts);
    setAttempted(true);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setStatus(null);
      refs.current[firstInvalid]?.focus();
      return;
    }
    const url = `${whatsappUrl}?text=${encodeURIComponent(whatsappText(values, texts))}`;
    // Synchronous, inside the user's click: nothing may be awaited before this line.
    const chat = window.open(url, "_blank");
    if (!chat) {
      setStatus({ kind: "blocked", url });
      return;
    }
    chat.opener = null;
    setDraft(EMPTY);
    setErrors({});
    setAttempted(false);
    setStatus({ kind: "sent" });
  };

  const describedBy = (field, ...more) =>
    [errors[field] ? errorId(field) : null, ...more].filter(Boolean).join(" ") || undefined;
  const textProps = (field) => ({
    id: id(field),
    ref: (element) => {
      refs.current[field] = element;
    },
    value: draft[field],
    onChange: (event) => update(field, event.target.value),
    "aria-invalid": errors[field] ? "true" : undefined,
    "aria-describedby": describedBy(field),
    className: inputClass(Boolean(errors[field])),
  });
  const required = <span aria-hidden="true" className="text-primary"> *</span>;
  const label = (field, text, isRequired) => (
    <label htmlFor={id(field)} className="block font-medium text-ink">
      {text}
      {isRequired ? required : <span className="font-normal text-muted"> {texts.optional}</span>}
    </label>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-contact-form="">
      <p className="text-sm text-muted">{texts.requiredNote}</p>
      <div>
        {label("name", texts.name, true)}
        <input type="text" autoComplete="name" maxLength={100} required {...textProps("name")} />
        <FieldError id={errorId("name")} text={errors.name} />
      </div>
      <div>
        {label("email", texts.email, true)}
        <input type="email" autoComplete="email" inputMode="email" maxLength={254} required
               {...textProps("email")} />
        <FieldError id={errorId("email")} text={errors.email} />
      </div>
      <div>
        {label("phone", texts.phone, false)}
        <input type="tel" autoComplete="tel" maxLength={30} {...textProps("phone")} />
      </div>
      <div>
        {label("message", texts.message, true)}
        <textarea rows={5} maxLength={max} required {...textProps("message")}
                  aria-describedby={describedBy("message", id("counter"))} />
        <div className="flex items-start justify-between gap-4">
          <FieldError id={errorId("message")} text={errors.message} />
          <p id={id("counter")} className="mt-1 ml-auto shrink-0 text-sm text-muted" data-counter="">
            {fill(texts.counter, {
              count: draft.message.length.toLocaleString(locale),
              max: max.toLocaleString(locale),
            })}
          </p>
        </div>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id("consent")}
            ref={(element) => {
              refs.current.consent = element;
            }}
            type="checkbox"
            required
            checked={draft.consent}
            onChange={(event) => update("consent", event.target.checked)}
            aria-invalid={errors.consent ? "true" : undefined}
            aria-describedby={describedBy("consent")}
            className="size-6 shrink-0 scroll-mt-24 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          />
          <label htmlFor={id("consent")} className="pt-0.5 text-sm text-ink">
            {texts.consentBefore}
            <a href={privacyHref} target="_blank" rel="noopener"
               className="font-medium text-primary underline underline-offset-4 hover:text-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
              {texts.consentLink}
              <span className="sr-only"> {texts.newTab}</span>
            </a>
            {texts.consentAfter}
            {required}
          </label>
        </div>
        <FieldError id={errorId("consent")} text={errors.consent} />
      </div>
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-primary px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:w-auto"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor"
             strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 20l1.3-3.9A8 8 0 1 1 8 19z" />
        </svg>
        {texts.submit}
        <span className="sr-only"> {texts.newTab}</span>
      </button>
      <div role="status" className="text-sm" data-contact-status="">
        {status?.kind === "sent" ? (
          <p className="rounded-lg bg-blush px-4 py-3 text-ink">{texts.sent}</p>
        ) : null}
        {status?.kind === "blocked" ? (
          <p className="rounded-lg bg-blush px-4 py-3 text-ink">
            {texts.blocked}{" "}
            <a href={status.url} target="_blank" rel="noopener"
               className="font-medium text-primary underline underline-offset-4">
              {texts.blockedLink}
              <span className="sr-only"> {texts.newTab}</span>
            </a>
          </p>
        ) : null}
      </div>
    </form>
  );
}
