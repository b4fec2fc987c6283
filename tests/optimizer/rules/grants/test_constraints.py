"""BRP grants in the model (rule 40): a fixed grant is accepted up to a route's capacity, the transports
at hand and the U.S. caps, and refused one BRP past them. Numbers from the rules text."""

import pytest

from models.tables import Power
from optimizer.turn.model import build_model
from optimizer.turn.prepare import prepare

WAR = {"europe": True, "pacific": True}
PEACE = {"europe": False, "pacific": False}
US_TO_CHINA = (Power.USA, "china")
US_TO_BRITAIN = (Power.USA, "britain"), ("us_atlantic_box", "britain")
BRITAIN_TO_RUSSIA = (Power.BRITAIN, "russia")
BY_MURMANSK = ("britain", "murmansk_box", "murmansk", "vologda", "russia")
PLENTY = {"atlantic": 10, "pacific": 10, "indian": 10}


def western(scenario_of, powers, us_at_war=WAR, oil_counters=0, usat=None, **grants):
    """Western Allied powers in summer 1942 with the rule-40 state `grants`: the plan decides grants."""
    extra = {} if usat is None else {"usat": usat}
    return scenario_of(
        powers,
        faction="western_allies",
        turn={"season": "summer", "year": 1942},
        us_at_war=us_at_war,
        oil_counters=oil_counters,
        grants=grants,
        **extra,
    )


@pytest.mark.parametrize(
    ("path", "capacity"),
    [
        (("us_pacific_box", "chinese_port", "china"), 10),  # 40.83
        (("us_pacific_box", "burma_port", "mandalay", "kunming", "china"), 10),  # 40.84
        (("us_pacific_box", "burma_port", "indian_airbase", "kunming", "china"), 5),  # 40.85
    ],
    ids=["chinese_port", "burma_road", "hump"],
)
@pytest.mark.parametrize("past", [False, True])
def test_routes_to_china_capacity(scenario_of, assert_accepts, path, capacity, past):
    """40.83, 40.84, 40.85: up to ten BRPs a turn via a Chinese port, ten via the Burma Road, five over
    the Hump: the capacity is accepted, one BRP more refused (transports to spare)."""
    china = {"port_recaptured": True, "air_transport_factors": 1}
    powers = {"usa": {"brp_base": 300}, "china": {"brp_base": 30}}
    data = prepare(western(scenario_of, powers, transports=PLENTY, china=china))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, US_TO_CHINA, path, capacity + past)
    assert_accepts(model, not past)


@pytest.mark.parametrize(("brps", "accepted"), [(15, True), (16, False)])
def test_one_transport_per_five_brps(scenario_of, assert_accepts, brps, accepted):
    """40.221: Western Allied grants by sea need one transport per five BRPs, rounded up: three Atlantic
    transports carry 15 BRPs from the U.S. to Britain, not 16."""
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}}
    data = prepare(western(scenario_of, powers, transports={"atlantic": 3}))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, *US_TO_BRITAIN, brps)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("brps", "accepted"), [(5, True), (6, False)])
def test_usat_limits_us_grants_before_war(scenario_of, assert_accepts, brps, accepted):
    """40.331 A: before war with Germany, American grants to Britain are one BRP per USAT level above 25:
    USAT 30 allows 5 BRPs, not 6."""
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}}
    data = prepare(western(scenario_of, powers, us_at_war=PEACE, usat=30, transports=PLENTY))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, *US_TO_BRITAIN, brps)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(("war_turns", "capacity"), [(1, 5), (2, 10), (3, 15), (4, 20), (9, 20)])
@pytest.mark.parametrize("past", [False, True])
def test_murmansk_capacity_grows(scenario_of, assert_accepts, war_turns, capacity, past):
    """40.411: the Murmansk route carries 5 BRPs in the first Allied turn after war between Russia and
    Germany, 10 in the second, 15 in the third, 20 thereafter: the capacity accepted, one more refused."""
    powers = {"britain": {"brp_base": 120}, "russia": {"brp_base": 120}}
    data = prepare(western(scenario_of, powers, transports=PLENTY, germany_russia_war_turns=war_turns))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, BRITAIN_TO_RUSSIA, BY_MURMANSK, capacity + past)
    assert_accepts(model, not past)


@pytest.mark.parametrize(
    ("brps", "oil", "accepted"),
    [(0, 2, True), (1, 2, False), (10, 1, True), (11, 1, False)],
)
def test_oil_counter_counts_ten_brps_on_murmansk(scenario_of, assert_accepts, brps, oil, accepted):
    """40.25 A, 40.251: at most two oil counters by Murmansk, each counting 10 BRPs against its 20: two
    counters and no BRPs accepted, two and 1 BRP refused; one counter and 10 BRPs accepted, 11 refused."""
    powers = {"britain": {"brp_base": 120}, "russia": {"brp_base": 120}}
    scenario = western(scenario_of, powers, oil_counters=3, transports=PLENTY, germany_russia_war_turns=4)
    data = prepare(scenario)
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, BRITAIN_TO_RUSSIA, BY_MURMANSK, brps, oil=oil)
    assert_accepts(model, accepted)


BY_CHINESE_PORT = ("us_pacific_box", "chinese_port", "china")
BY_HAIPHONG = ("us_pacific_box", "haiphong", "kunming", "china")


@pytest.mark.parametrize(("port", "haiphong", "accepted"), [(5, 5, True), (10, 0, True), (10, 1, False)])
def test_chinese_port_and_french_indochina_share_ten(scenario_of, assert_accepts, port, haiphong, accepted):
    """40.83: up to ten BRPs a turn via a Chinese port or French Indochina, together: with both open
    (40.831 A, B) 5 + 5 and 10 + 0 are accepted, 10 + 1 refused."""
    china = {"port_recaptured": True, "haiphong": True, "burma_road": False}
    powers = {"usa": {"brp_base": 300}, "china": {"brp_base": 30}}
    data = prepare(western(scenario_of, powers, transports=PLENTY, china=china))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, US_TO_CHINA, BY_CHINESE_PORT, port)
    variables.grants.fix(model, US_TO_CHINA, BY_HAIPHONG, haiphong)
    assert_accepts(model, accepted)


BY_SUEZ = ("us_atlantic_box", "south_africa_box", "suez", "turkish_port", "russia")


@pytest.mark.parametrize(("indian", "accepted"), [(2, True), (1, False)])
def test_suez_to_turkey_by_sea_on_the_same_transports(scenario_of, assert_accepts, indian, accepted):
    """40.63 B, 40.64: BRPs go to the South Africa box, through the Indian Ocean to Suez, then "from
    Suez by sea through the Mediterranean" on the same Indian Ocean transports, at risk there (a loss
    rate on the Suez leg is a valid input): 10 BRPs need 2 Atlantic and 2 Indian Ocean transports
    (40.221), not 4 Indian Ocean ones; 1 is too few."""
    powers = {"usa": {"brp_base": 300}, "russia": {"brp_base": 120}}
    scenario = western(
        scenario_of,
        powers,
        transports={"atlantic": 2, "indian": indian},
        germany_russia_war_turns=4,
        turkey={"ankara_allied": True},
        loss_rates={"suez->turkish_port": 0.2},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.grants is not None
    variables.grants.fix(model, (Power.USA, "russia"), BY_SUEZ, 10)
    assert_accepts(model, accepted)


FROM_ABADAN = ("abadan_ahwaz", "russia")


@pytest.mark.parametrize(("brps", "oil", "accepted"), [(0, 1, True), (1, 0, False)])
def test_persian_oil_overland_needs_no_transports(scenario_of, assert_accepts, brps, oil, accepted):
    """40.252: "oil counters moved by land from Abadan or Ahwaz through Persia ... do not" need
    transports: with the Persian route open, its land line from Abadan (40.53) and no transport at
    all, Britain moves one oil counter to Russia; BRPs never start there (40.21)."""
    powers = {"britain": {"brp_base": 120}, "russia": {"brp_base": 120}}
    persia = {"opened": True, "oil_land_route": True, "supply_line": False}
    scenario = western(scenario_of, powers, oil_counters=2, germany_russia_war_turns=4, persia=persia)
    model, variables, _ = build_model(prepare(scenario))
    assert variables.grants is not None
    variables.grants.fix(model, (Power.BRITAIN, "russia"), FROM_ABADAN, brps, oil)
    assert_accepts(model, accepted)


def test_oil_overland_needs_its_land_line(scenario_of):
    """40.53, 40.252: without a land supply line from Abadan or Ahwaz, or from Mosul, no oil goes
    overland; with Mosul's line the Turkish route carries it (40.251)."""
    from optimizer.rules.grants.prepare import grant_network

    powers = {"britain": {"brp_base": 120}, "russia": {"brp_base": 120}}
    cut = grant_network(
        western(
            scenario_of,
            powers,
            germany_russia_war_turns=4,
            persia={"opened": True},
            turkey={"ankara_allied": True},
        )
    )
    assert cut.closed_legs["abadan_ahwaz->russia"][0] == "40.53"
    assert cut.closed_legs["mosul->russia"][0] == "40.252"
    mosul = grant_network(
        western(
            scenario_of,
            powers,
            germany_russia_war_turns=4,
            turkey={"ankara_allied": True, "mosul_land_route": True},
        )
    )
    assert ("mosul", "russia") in mosul.paths[Power.BRITAIN, "russia"]


def post_election(scenario_of, powers, result, settings=None, **grants):
    """At war in both theaters, USAT 30 and a USJT cap of 3 on grants to China, after an election
    result of `result`."""
    return scenario_of(
        powers,
        faction="western_allies",
        turn={"season": "summer", "year": 1942},
        us_at_war=WAR,
        usat=30,
        us_election_result=result,
        settings=settings or {},
        grants={"transports": PLENTY, "usjt_china_cap": 3, **grants},
    )


@pytest.mark.parametrize(
    ("result", "brps", "accepted"), [(-7, 5, True), (-7, 6, False), (-6, 6, True), (-9, 6, False)]
)
def test_post_election_usat_caps_grants_to_britain_at_war(
    scenario_of, assert_accepts, result, brps, accepted
):
    """40.333: after an election result of -7 or below, American grants to the Western Allies are governed
    by the USAT level (62.421, read as the 40.331 A cap): USAT 30 allows 5 BRPs to Britain even at war with
    Germany, not 6; a result of -6 leaves them unlimited."""
    powers = {"usa": {"brp_base": 300}, "britain": {"brp_base": 120}}
    data = prepare(post_election(scenario_of, powers, result))
    model, variables, _ = build_model(data)
    assert variables.grants is not None
    variables.grants.fix(model, *US_TO_BRITAIN, brps)
    assert_accepts(model, accepted)


@pytest.mark.parametrize(
    ("result", "caps", "brps", "accepted"),
    [(-7, True, 3, True), (-7, True, 4, False), (-7, False, 4, True), (None, True, 4, True)],
)
def test_post_election_usjt_caps_grants_to_china_at_war(
    scenario_of, assert_accepts, result, caps, brps, accepted
):
    """40.333: after an election result of -7 or below, American grants to China are governed by the
    USJT level (62.421, read as the 40.332 A cap, here 3 BRPs) even at war with Japan; with the setting
    `post_election_grant_caps` off, or no such result, only the route limits them (40.81)."""
    powers = {"usa": {"brp_base": 300}, "china": {"brp_base": 30}}
    scenario = post_election(
        scenario_of,
        powers,
        result,
        settings={"post_election_grant_caps": caps},
        china={"port_recaptured": True},
    )
    model, variables, _ = build_model(prepare(scenario))
    assert variables.grants is not None
    variables.grants.fix(model, US_TO_CHINA, ("us_pacific_box", "chinese_port", "china"), brps)
    assert_accepts(model, accepted)
