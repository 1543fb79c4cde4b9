//! Every bucket and its default rule, as one table: generous enough for a household behind one
//! address. `--rate-limit NAME=LIMIT/WINDOW` overrides a row ([`super::RuleSetting`]).

use crate::platform::window::SlidingWindow;

/// The limited endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    Login,
    RequestCode,
    VerifyCode,
    ForgotPassword,
    ResetPassword,
    Upload,
    Autofill,
    Report,
    Rating,
    Dispute,
    Boards,
    Export,
    InvitePreview,
    Webhook,
    Card,
    Reminder,
    Challenge,
}

impl Endpoint {
    fn name(self) -> &'static str {
        match self {
            Endpoint::Login => "login",
            Endpoint::RequestCode => "request-code",
            Endpoint::VerifyCode => "verify-code",
            Endpoint::ForgotPassword => "forgot-password",
            Endpoint::ResetPassword => "reset-password",
            Endpoint::Upload => "upload",
            Endpoint::Autofill => "autofill",
            Endpoint::Report => "report",
            Endpoint::Rating => "rating",
            Endpoint::Dispute => "dispute",
            Endpoint::Boards => "boards",
            Endpoint::Export => "export",
            Endpoint::InvitePreview => "invite-preview",
            Endpoint::Webhook => "webhook",
            Endpoint::Card => "card",
            Endpoint::Reminder => "reminder",
            Endpoint::Challenge => "challenge",
        }
    }
}

/// Which key a bucket counts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The client address.
    Ip,
    /// The account: the e-mail and client network for login, sign-up and reset; the user id
    /// for logged-in routes.
    Account,
    /// The account across every network: login's global ceiling, and the mailbox ceiling of
    /// the endpoints that send mail (request-code, forgot-password).
    AccountAll,
    /// The client address, counting guests only: every key a guest makes up on that address
    /// shares one allowance (report, dispute), so new keys buy no more.
    GuestIp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bucket {
    pub endpoint: Endpoint,
    pub scope: Scope,
}

impl Bucket {
    pub const fn ip(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::Ip }
    }

    pub const fn account(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::Account }
    }

    pub const fn account_all(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::AccountAll }
    }

    pub const fn guest_ip(endpoint: Endpoint) -> Self {
        Bucket { endpoint, scope: Scope::GuestIp }
    }

    /// `login-ip`, `login-account`, …: the name in the flag and in the table.
    pub fn name(self) -> String {
        let scope = match self.scope {
            Scope::Ip => "ip",
            Scope::Account => "account",
            Scope::AccountAll => "account-all",
            Scope::GuestIp => "guest-ip",
        };
        format!("{}-{scope}", self.endpoint.name())
    }
}

/// At most `limit` requests per `window_secs`; a limit of 0 turns the bucket off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub limit: u32,
    pub window_secs: u64,
}

impl Rule {
    pub(super) fn window(self) -> SlidingWindow {
        SlidingWindow::from_secs(self.limit, self.window_secs)
    }
}

pub(super) const MINUTE: u64 = 60;
pub(super) const HOUR: u64 = 60 * MINUTE;

use Endpoint::*;

/// (bucket, limit, window in seconds). A limit of 0: the bucket exists (it can be turned on by
/// a setting) but counts nothing by default.
#[rustfmt::skip]
pub(super) const DEFAULTS: &[(Bucket, u32, u64)] = &[
    (Bucket::ip(Login), 30, 5 * MINUTE),
    // Failed logins per account and network before the growing delay starts.
    (Bucket::account(Login), 5, HOUR),
    // Failed logins per account from all networks together: bounds distributed guessing.
    (Bucket::account_all(Login), 100, HOUR),
    (Bucket::ip(RequestCode), 10, HOUR),
    (Bucket::account(RequestCode), 3, 10 * MINUTE),
    // Mails to one mailbox from all networks together: nobody can flood an inbox by spreading
    // requests over many addresses, and the owner's own network still has its per-network
    // bucket's room until this much higher ceiling.
    (Bucket::account_all(RequestCode), 20, HOUR),
    (Bucket::ip(VerifyCode), 30, HOUR),
    // Each code already dies after 5 wrong tries, and codes are capped per e-mail.
    (Bucket::account(VerifyCode), 0, HOUR),
    (Bucket::ip(ForgotPassword), 10, HOUR),
    (Bucket::account(ForgotPassword), 3, HOUR),
    (Bucket::account_all(ForgotPassword), 20, HOUR),
    // Every attempt, valid token or not: caps token guessing and the argon2 work.
    (Bucket::ip(ResetPassword), 20, HOUR),
    // Per account, if wanted (the token is the secret; a link is single use).
    (Bucket::account(ResetPassword), 0, HOUR),
    (Bucket::ip(Upload), 60, HOUR),
    (Bucket::account(Upload), 20, HOUR),
    (Bucket::ip(Autofill), 120, HOUR),
    (Bucket::account(Autofill), 60, HOUR),
    // Reports per address and per player (userKey, or the account when logged in).
    (Bucket::ip(Report), 30, HOUR),
    (Bucket::account(Report), 10, HOUR),
    // All the guests of one address together get one player's allowance (the `-account`
    // bucket's): a guest who makes up new userKeys gets no more reports or disputes.
    (Bucket::guest_ip(Report), 10, HOUR),
    // Ratings (and changes of one) as reports are limited: per address, per player, and one
    // allowance for all the guests of an address.
    (Bucket::ip(Rating), 30, HOUR),
    (Bucket::account(Rating), 10, HOUR),
    (Bucket::guest_ip(Rating), 10, HOUR),
    // "I was right" claims: a player has at most 8 wrong guesses a game; the account bucket
    // counts per userKey (guests) or per user.
    (Bucket::ip(Dispute), 60, HOUR),
    (Bucket::account(Dispute), 20, HOUR),
    (Bucket::guest_ip(Dispute), 20, HOUR),
    // A group's boards and the ranks in every group read many players' results: a page opened
    // a few times a minute has room, a loop does not. Per address, room for a household or a
    // school behind one address.
    (Bucket::ip(Boards), 600, 10 * MINUTE),
    (Bucket::account(Boards), 120, 10 * MINUTE),
    // "Download my data" reads every result, game, group, dispute and report of an account:
    // a few downloads an hour are plenty for a person, not for a loop.
    (Bucket::ip(Export), 30, HOUR),
    (Bucket::account(Export), 10, HOUR),
    // An invite link's preview, guests included: the 128-bit code is the secret, so this only
    // keeps a loop from reading group names; a page opened a few times has room. Per account,
    // if wanted (guests have none).
    (Bucket::ip(InvitePreview), 60, 10 * MINUTE),
    (Bucket::account(InvitePreview), 0, HOUR),
    // Saving or testing a group's chat webhook resolves a host the owner chose and (a test)
    // sends to it: room for setting one up, not for using the server as a sender.
    (Bucket::ip(Webhook), 60, HOUR),
    (Bucket::account(Webhook), 20, HOUR),
    // Link-preview cards drawn (a card already drawn, or a 304, is not counted): chat apps
    // fetch a card once per link, and each costs tens of milliseconds of CPU. Crawlers have
    // no accounts.
    (Bucket::ip(Card), 120, 10 * MINUTE),
    (Bucket::account(Card), 0, HOUR),
    // Saving reminder settings or a browser's push subscription writes a row per player: room
    // for trying times and browsers, not for filling the table with made-up guest keys (the
    // guest bucket counts every key of one address together).
    (Bucket::ip(Reminder), 120, HOUR),
    (Bucket::account(Reminder), 60, HOUR),
    (Bucket::guest_ip(Reminder), 60, HOUR),
    // Challenge links made and archive results stored for them: each writes a row and costs a
    // replay; a player challenges a few friends a game, not a loop. Guests of one address share
    // one allowance, as for reports.
    (Bucket::ip(Challenge), 120, HOUR),
    (Bucket::account(Challenge), 30, HOUR),
    (Bucket::guest_ip(Challenge), 30, HOUR),
];

/// Every bucket, in the table's order.
pub(super) fn all_buckets() -> impl Iterator<Item = Bucket> {
    DEFAULTS.iter().map(|(bucket, _, _)| *bucket)
}

/// Whether the table has this bucket (an endpoint has an `-account-all` or `-guest-ip` bucket
/// only where a row says so).
pub(super) fn exists(bucket: Bucket) -> bool {
    all_buckets().any(|b| b == bucket)
}

/// The table's rule for `bucket`; off for a bucket the table does not list.
pub(super) fn default_rule(bucket: Bucket) -> Rule {
    DEFAULTS.iter().find(|(b, _, _)| *b == bucket).map_or(
        Rule { limit: 0, window_secs: HOUR },
        |(_, limit, window_secs)| Rule { limit: *limit, window_secs: *window_secs },
    )
}

/// The longest delay between failed logins from one network (`login-account`, past its limit).
pub const LOGIN_DELAY_MAX_SECS: u64 = 15 * MINUTE;

/// The bucket whose fullness is a growing delay rather than a sliding window.
pub(super) const DELAYED: Bucket = Bucket::account(Endpoint::Login);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bucket_is_listed_once_and_every_endpoint_has_both_scopes() {
        let names: Vec<String> = all_buckets().map(Bucket::name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for endpoint in [
            Login,
            RequestCode,
            VerifyCode,
            ForgotPassword,
            ResetPassword,
            Upload,
            Autofill,
            Report,
            Rating,
            Dispute,
            Boards,
            Export,
            InvitePreview,
            Webhook,
        ] {
            assert!(exists(Bucket::ip(endpoint)) && exists(Bucket::account(endpoint)), "{endpoint:?}");
        }
    }
}
