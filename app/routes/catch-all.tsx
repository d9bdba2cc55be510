import { redirect } from "react-router";

/** Any unknown path redirects to the home page (spec §2 route table). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}

export default function CatchAll() {
  return null;
}
