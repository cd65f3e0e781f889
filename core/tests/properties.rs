//! Property tests of the Square-1 model: inverses, round trips, involutions and random states.

use proptest::prelude::*;
use twisty::sq1::{Colouring, Middle, Move, MoveSeq, Notation, State, Tables};

/// A legal random walk: turns are drawn until `/` is legal after them.
fn legal_sequence(draws: Vec<(i8, i8)>) -> (MoveSeq, State) {
    let mut s = State::solved(Colouring::SixColour);
    let mut moves = Vec::new();
    for (t, b) in draws {
        let turned = s.turn(t as i32, b as i32);
        moves.push(Move::Turn { top: t, bottom: b });
        s = turned;
        if let Ok(next) = s.twist() {
            moves.push(Move::Twist);
            s = next;
        }
    }
    (MoveSeq::new(moves), s)
}

fn draws() -> impl Strategy<Value = Vec<(i8, i8)>> {
    prop::collection::vec((-5i8..=6, -5i8..=6), 0..40)
}

proptest! {
    #[test]
    fn inverse_undoes_a_sequence(d in draws()) {
        let (seq, end) = legal_sequence(d);
        let back = end.apply(&seq.inverse()).unwrap();
        prop_assert!(back.is_solved());
    }

    #[test]
    fn notation_round_trips(d in draws()) {
        let (seq, _) = legal_sequence(d);
        for n in [Notation::Wca, Notation::Article] {
            let text = seq.format(n).unwrap();
            let again = MoveSeq::parse(&text, n).unwrap();
            prop_assert_eq!(again.moves(), seq.moves());
            prop_assert_eq!(again.format(n).unwrap(), text);
        }
    }

    #[test]
    fn state_text_round_trips(d in draws(), silver in any::<bool>()) {
        let (_, s) = legal_sequence(d);
        let s = if silver { s.to_silver() } else { s };
        prop_assert_eq!(State::parse(&s.to_string()).unwrap(), s);
    }

    #[test]
    fn twist_count_sets_the_middle(d in draws()) {
        let (seq, s) = legal_sequence(d);
        let expect = if seq.twist_count() % 2 == 0 { Middle::Square } else { Middle::Kite };
        prop_assert_eq!(s.middle(), expect);
    }

    #[test]
    fn flip_commutes_with_silver_and_is_an_involution(d in draws()) {
        let (_, s) = legal_sequence(d);
        prop_assert_eq!(s.flip().flip(), s);
        prop_assert_eq!(s.flip().to_silver(), s.to_silver().flip());
    }

    #[test]
    fn turns_keep_equality_up_to_rotation(d in draws(), t in -5i32..=6, b in -5i32..=6) {
        let (_, s) = legal_sequence(d);
        prop_assert!(s.eq_up_to_layer_rotation(&s.turn(t, b)));
        prop_assert_eq!(s.turn(t, b).shape(), s.shape());
    }
}

#[test]
fn random_states_are_valid_twistable_and_spread_out() {
    let t = Tables::new();
    let n = 4000;
    let (mut kites, mut positions) = (0, std::collections::HashSet::new());
    for seed in 0..n {
        let s = t.random_state(seed, Colouring::SixColour);
        assert!(s.is_twistable());
        assert_eq!(State::parse(&s.to_string()).unwrap(), s);
        kites += (s.middle() == Middle::Kite) as u32;
        positions.insert((s.top_mask(), s.bottom_mask()));
        assert_eq!(t.random_state(seed, Colouring::Silver), s.to_silver());
    }
    // Binomial(4000, 1/2): mean 2000, sd ~32; 4000 draws from 3678 positions cover ~2480.
    assert!((1850..2150).contains(&kites), "{kites} kites");
    assert!(
        positions.len() > 2300,
        "{} distinct positions",
        positions.len()
    );
}
