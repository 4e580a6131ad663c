// The copyright year. Prerendered with the build year; after hydration it shows the
// visitor's current year, so a site not rebuilt since last December stays correct.
import { useEffect, useState } from "react";

export function CurrentYear({ buildYear }) {
  const [year, setYear] = useState(buildYear);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <>{year}</>;
}
