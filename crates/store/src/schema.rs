// The database schema (migrations/), as diesel sees it.

diesel::table! {
    players (id) {
        id -> Uuid,
        username -> Text,
        password_hash -> Text,
        created_at -> Timestamptz,
        deleted_at -> Nullable<Timestamptz>,
        is_bot -> Bool,
        guest -> Bool,
        display_name -> Nullable<Text>,
        avatar -> Nullable<Text>,
        locale -> Nullable<Text>,
        time_zone -> Nullable<Text>,
        seen_at -> Timestamptz,
        email -> Nullable<Text>,
        email_verified_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    mail_codes (id) {
        id -> Uuid,
        player_id -> Uuid,
        purpose -> Text,
        email -> Text,
        code_hash -> Bytea,
        tries -> Int4,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    identities (issuer, subject) {
        issuer -> Text,
        subject -> Text,
        provider -> Text,
        player_id -> Uuid,
        email -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    oidc_authorizations (state_hash) {
        state_hash -> Bytea,
        provider -> Text,
        nonce -> Text,
        redirect_uri -> Text,
        expires_at -> Timestamptz,
    }
}

diesel::table! {
    mail_messages (id) {
        id -> Int8,
        to_address -> Text,
        subject -> Text,
        body -> Text,
        attempts -> Int4,
        next_at -> Timestamptz,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    sessions (id) {
        id -> Uuid,
        player_id -> Uuid,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
        ended_why -> Nullable<Text>,
    }
}

diesel::table! {
    refresh_tokens (hash) {
        hash -> Bytea,
        session_id -> Uuid,
        issued_at -> Timestamptz,
        expires_at -> Timestamptz,
        rotated_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    leagues (id) {
        id -> Uuid,
        name -> Text,
        invite_code -> Text,
        starting_balance -> Int8,
        created_by -> Uuid,
        created_at -> Timestamptz,
        join_policy -> Text,
        invite_expires_at -> Nullable<Timestamptz>,
        invite_uses_left -> Nullable<Int4>,
        closed_at -> Nullable<Timestamptz>,
        invite_by -> Uuid,
        chat -> Text,
        watchers_chat -> Bool,
    }
}

diesel::table! {
    memberships (league_id, player_id) {
        league_id -> Uuid,
        player_id -> Uuid,
        role -> Text,
        joined_at -> Timestamptz,
        chat_muted_until -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    tables (id) {
        id -> Uuid,
        league_id -> Uuid,
        name -> Text,
        rules -> Jsonb,
        created_by -> Uuid,
        fixed_decks -> Nullable<Jsonb>,
        version -> Int8,
        hand_no -> Int4,
        hand_seq -> Nullable<Int8>,
        in_hand -> Bool,
        dealer -> Nullable<Int2>,
        exempt -> Array<Uuid>,
        next_seed -> Bytea,
        to_act -> Array<Uuid>,
        deadline -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        closed_at -> Nullable<Timestamptz>,
        stamp -> Int8,
        deadline_minute -> Nullable<Timestamptz>,
        seats_assigned -> Bool,
        hand_limit -> Nullable<Int4>,
    }
}

diesel::table! {
    seats (table_id, seat) {
        table_id -> Uuid,
        seat -> Int2,
        player_id -> Uuid,
        league_id -> Uuid,
        sat_at -> Timestamptz,
        timeouts -> Int2,
        client_seed -> Nullable<Text>,
    }
}

diesel::table! {
    events (table_id, seq) {
        table_id -> Uuid,
        seq -> Int8,
        hand_no -> Int4,
        kind -> Text,
        payload -> Jsonb,
        created_at -> Timestamptz,
        prev_hash -> Text,
        hash -> Text,
    }
}

diesel::table! {
    ledger (id) {
        id -> Int8,
        league_id -> Uuid,
        from_account -> Text,
        to_account -> Text,
        amount -> Int8,
        reason -> Text,
        table_id -> Nullable<Uuid>,
        hand_no -> Nullable<Int4>,
        event_seq -> Nullable<Int8>,
        created_at -> Timestamptz,
        note -> Nullable<Text>,
    }
}

diesel::table! {
    balances (league_id, account) {
        league_id -> Uuid,
        account -> Text,
        balance -> Int8,
    }
}

diesel::table! {
    idempotency (player_id, key) {
        player_id -> Uuid,
        key -> Text,
        request_hash -> Text,
        status -> Int2,
        body -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    seasons (league_id, number) {
        league_id -> Uuid,
        number -> Int4,
        started_at -> Timestamptz,
        closed_at -> Timestamptz,
    }
}

diesel::table! {
    login_failures (account, address) {
        account -> Text,
        address -> Text,
        failures -> Int4,
        last_failed_at -> Timestamptz,
        blocked_until -> Timestamptz,
        trying -> Int4,
    }
}

diesel::table! {
    address_hits (action, address, hour) {
        action -> Text,
        address -> Text,
        hour -> Timestamptz,
        hits -> Int4,
    }
}

diesel::table! {
    join_requests (league_id, player_id) {
        league_id -> Uuid,
        player_id -> Uuid,
        requested_at -> Timestamptz,
    }
}

diesel::joinable!(join_requests -> players (player_id));
diesel::joinable!(sessions -> players (player_id));
diesel::joinable!(mail_codes -> players (player_id));
diesel::joinable!(identities -> players (player_id));
diesel::joinable!(refresh_tokens -> sessions (session_id));
diesel::joinable!(memberships -> players (player_id));
diesel::joinable!(memberships -> leagues (league_id));
diesel::joinable!(seats -> players (player_id));
diesel::joinable!(seats -> tables (table_id));
diesel::joinable!(events -> tables (table_id));
diesel::joinable!(tables -> leagues (league_id));

diesel::table! {
    webhooks (id) {
        id -> Uuid,
        league_id -> Uuid,
        url -> Text,
        events -> Array<Text>,
        secret -> Text,
        created_by -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    deliveries (id) {
        id -> Text,
        webhook_id -> Nullable<Uuid>,
        kind -> Text,
        body -> Text,
        state -> Text,
        attempts -> Int4,
        next_at -> Timestamptz,
        created_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
        leased_until -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    delivery_attempts (delivery_id, attempt) {
        delivery_id -> Text,
        attempt -> Int4,
        at -> Timestamptz,
        status -> Nullable<Int4>,
        error -> Nullable<Text>,
        took_ms -> Int4,
    }
}

diesel::joinable!(deliveries -> webhooks (webhook_id));

diesel::table! {
    push_subscriptions (id) {
        id -> Uuid,
        player_id -> Uuid,
        endpoint -> Text,
        p256dh -> Bytea,
        auth -> Bytea,
        created_at -> Timestamptz,
        session_id -> Uuid,
    }
}

diesel::table! {
    devices (id) {
        id -> Uuid,
        player_id -> Uuid,
        session_id -> Uuid,
        platform -> Text,
        token -> Text,
        created_at -> Timestamptz,
        last_used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    chat_messages (id) {
        id -> Int8,
        table_id -> Uuid,
        player_id -> Uuid,
        hand_no -> Int4,
        after_seq -> Int8,
        phrase -> Nullable<Text>,
        body -> Nullable<Text>,
        created_at -> Timestamptz,
        hidden_at -> Nullable<Timestamptz>,
        hidden_by -> Nullable<Uuid>,
    }
}

diesel::table! {
    blocks (blocker, blocked) {
        blocker -> Uuid,
        blocked -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    reports (id) {
        id -> Int8,
        reporter -> Uuid,
        kind -> Text,
        target -> Text,
        league_id -> Nullable<Uuid>,
        subject -> Nullable<Uuid>,
        message_id -> Nullable<Int8>,
        reason -> Text,
        note -> Nullable<Text>,
        status -> Text,
        resolved_by -> Nullable<Uuid>,
        resolved_at -> Nullable<Timestamptz>,
        mute_hours -> Nullable<Int4>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    notification_settings (player_id) {
        player_id -> Uuid,
        web_push -> Array<Text>,
        devices -> Array<Text>,
        quiet_start -> Nullable<Time>,
        quiet_end -> Nullable<Time>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    push_messages (id) {
        id -> Int8,
        subscription_id -> Nullable<Uuid>,
        device_id -> Nullable<Uuid>,
        kind -> Text,
        body -> Text,
        attempts -> Int4,
        next_at -> Timestamptz,
        created_at -> Timestamptz,
        held -> Bool,
    }
}

diesel::table! {
    watchers (table_id, player_id, process) {
        table_id -> Uuid,
        player_id -> Uuid,
        process -> Uuid,
        seen_at -> Timestamptz,
    }
}

diesel::table! {
    standings (league_id, season, player_id) {
        league_id -> Uuid,
        season -> Int4,
        player_id -> Uuid,
        net -> Int8,
        grants -> Int8,
        hands_played -> Int4,
        pots_won -> Int4,
        split_pots -> Int4,
        bourres -> Int4,
        tricks -> Int4,
        rating -> Float8,
        rating_uncertainty -> Float8,
    }
}

diesel::table! {
    league_history (id) {
        id -> Int8,
        league_id -> Uuid,
        kind -> Text,
        player_id -> Nullable<Uuid>,
        by_player_id -> Nullable<Uuid>,
        data -> Jsonb,
        at -> Timestamptz,
    }
}

diesel::table! {
    quota_uses (player_id, kind, day) {
        player_id -> Uuid,
        kind -> Text,
        day -> Date,
        used -> Int4,
    }
}

diesel::joinable!(push_subscriptions -> players (player_id));
diesel::table! {
    tournaments (id) {
        id -> Uuid,
        league_id -> Uuid,
        name -> Text,
        created_by -> Uuid,
        created_at -> Timestamptz,
        starts_at -> Timestamptz,
        settings -> Jsonb,
        status -> Text,
        round -> Int4,
        seeds -> Array<Bytea>,
        announced -> Bool,
        previous_id -> Nullable<Uuid>,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    tournament_entries (tournament_id, player_id) {
        tournament_id -> Uuid,
        player_id -> Uuid,
        entry_no -> Int8,
        entered_at -> Timestamptz,
        first_round -> Int4,
        left_as -> Nullable<Text>,
        left_round -> Nullable<Int4>,
        buy_in -> Int8,
        prize -> Nullable<Int8>,
        place -> Nullable<Int4>,
    }
}

diesel::table! {
    tournament_rounds (tournament_id, round) {
        tournament_id -> Uuid,
        round -> Int4,
        started_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
        draw_order -> Array<Uuid>,
    }
}

diesel::table! {
    tournament_seats (tournament_id, round, player_id) {
        tournament_id -> Uuid,
        round -> Int4,
        player_id -> Uuid,
        table_id -> Nullable<Uuid>,
        table_no -> Nullable<Int2>,
        seat -> Nullable<Int2>,
        sat_out -> Nullable<Text>,
        absent -> Bool,
    }
}

diesel::joinable!(push_messages -> push_subscriptions (subscription_id));
diesel::joinable!(push_messages -> devices (device_id));
diesel::joinable!(devices -> players (player_id));
diesel::joinable!(chat_messages -> players (player_id));

diesel::allow_tables_to_appear_in_same_query!(
    identities,
    oidc_authorizations,
    mail_codes,
    mail_messages,
    standings,
    push_subscriptions,
    push_messages,
    devices,
    notification_settings,
    chat_messages,
    blocks,
    reports,
    watchers,
    webhooks,
    deliveries,
    delivery_attempts,
    players,
    leagues,
    memberships,
    tables,
    seats,
    events,
    ledger,
    balances,
    idempotency,
    seasons,
    login_failures,
    address_hits,
    join_requests,
    sessions,
    refresh_tokens,
    league_history,
    quota_uses,
    tournaments,
    tournament_entries,
    tournament_rounds,
    tournament_seats,
);
