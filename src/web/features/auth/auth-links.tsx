import { Link } from '@tanstack/react-router';

/** "Back to sign in" under the forms of the secondary auth pages. */
export function BackToSignIn({ redirect }: { redirect?: string | undefined }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      <Link
        to="/auth/sign-in"
        search={redirect ? { redirect } : {}}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        Back to sign in
      </Link>
    </p>
  );
}
