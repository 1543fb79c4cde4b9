//! Diesel's view of the tables in `migrations/` (the same on both backends).

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        username_lower -> Text,
        email -> Text,
        role -> Nullable<Text>,
        created_at -> BigInt,
        password_hash -> Nullable<Text>,
        tokens_valid_after -> BigInt,
    }
}

diesel::table! {
    pending_signups (email) {
        email -> Text,
        username -> Text,
        username_lower -> Text,
        password_hash -> Text,
        code_hash -> Text,
        wrong_tries -> Integer,
        expires_at -> BigInt,
        signup_token_hash -> Text,
    }
}

diesel::table! {
    password_resets (token_hash) {
        token_hash -> Text,
        user_id -> BigInt,
        created_at -> BigInt,
        expires_at -> BigInt,
        used -> Bool,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        uid -> Text,
        kind -> Text,
        status -> Text,
        public -> Bool,
        prompt -> Text,
        prompt_search -> Text,
        submitter -> Text,
        owner_id -> Nullable<BigInt>,
        daily_date -> Nullable<Text>,
        items -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    game_stats (game_id) {
        game_id -> BigInt,
        player_count -> BigInt,
        score_sum -> BigInt,
    }
}

diesel::table! {
    game_item_stats (game_id, item_id) {
        game_id -> BigInt,
        item_id -> BigInt,
        found_count -> BigInt,
    }
}

diesel::table! {
    game_score_counts (game_id, bucket) {
        game_id -> BigInt,
        bucket -> Integer,
        players -> BigInt,
    }
}

diesel::table! {
    submissions (id) {
        id -> BigInt,
        game_id -> BigInt,
        user_key -> Text,
        score -> Integer,
        answers -> Text,
        actions -> Nullable<Text>,
        ip -> Text,
        created_at -> BigInt,
        daily_day -> Nullable<Text>,
        found -> Integer,
        won -> Integer,
        wrong -> Nullable<Integer>,
        hints -> Nullable<Integer>,
        summary_version -> Integer,
    }
}

diesel::table! {
    streaks (user_key) {
        user_key -> Text,
        last_played -> Text,
        played_streak -> Integer,
        won_streak -> Integer,
    }
}

diesel::table! {
    rate_events (id) {
        id -> BigInt,
        bucket -> Text,
        key -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    autofill_cooldowns (user_id) {
        user_id -> BigInt,
        last_used_at -> BigInt,
    }
}

diesel::table! {
    reports (id) {
        id -> BigInt,
        game_id -> BigInt,
        user_key -> Text,
        user_id -> Nullable<BigInt>,
        reason -> Text,
        details -> Text,
        ip -> Text,
        status -> Text,
        created_at -> BigInt,
        resolved_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    disputes (id) {
        id -> BigInt,
        game_id -> BigInt,
        user_key -> Text,
        user_id -> Nullable<BigInt>,
        guess -> Text,
        guess_key -> Text,
        status -> Text,
        item_id -> Nullable<BigInt>,
        ip -> Text,
        created_at -> BigInt,
        resolved_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    player_groups (id) {
        id -> BigInt,
        name -> Text,
        owner_id -> BigInt,
        invite_code -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    group_members (group_id, user_id) {
        group_id -> BigInt,
        user_id -> BigInt,
        joined_at -> BigInt,
    }
}

diesel::table! {
    progress (user_id, game_id) {
        user_id -> BigInt,
        game_id -> BigInt,
        actions -> Text,
        updated_at -> BigInt,
    }
}

diesel::joinable!(games -> users (owner_id));
diesel::joinable!(group_members -> player_groups (group_id));
diesel::joinable!(group_members -> users (user_id));
diesel::joinable!(reports -> games (game_id));
diesel::joinable!(game_stats -> games (game_id));
diesel::joinable!(disputes -> games (game_id));
diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(autofill_cooldowns -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(
    progress,
    users,
    pending_signups,
    password_resets,
    games,
    game_stats,
    game_item_stats,
    game_score_counts,
    submissions,
    streaks,
    rate_events,
    autofill_cooldowns,
    reports,
    disputes,
    player_groups,
    group_members
);
