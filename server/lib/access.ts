import type { Action, Feature } from '../../domain/permissions';

/**
 * Every route declares who may call it in `config.access`; the auth plugin enforces it and the
 * app refuses to start with a route that forgot to say.
 * - public: anyone, signed in or not
 * - signedIn: any signed-in user, even one who must still change the password
 * - user: any signed-in user who has changed the default password
 * - bankStaff / bankAdmin: bank users (admin = no branch)
 * - { feature, action }: a role-group grant
 */
export type Access = 'public' | 'signedIn' | 'user' | 'bankStaff' | 'bankAdmin' | { feature: Feature; action: Action };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A POST that only reads (the advanced searches, whose terms go in the body): its session may
     * come from the cache like a GET's (ADR 063). Anything that writes must not say this.
     */
    readsOnly?: true;
  }
}
