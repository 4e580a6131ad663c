// Keeps <html lang> equal to the language of the page shown. The prerendered HTML
// already has it right; after a client-side navigation (the ES/EN toggle) React does
// not patch attributes of <html>, so screen readers would keep the old language.
import { useEffect } from "react";

export function DocumentLanguage({ lang }) {
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return null;
}
