namespace Twisty.Cube3;

/// <summary>
/// Where a step solver may put moves (NISS, "normal-inverse scramble switch"): on the cube as
/// scrambled (normal), on its inverse (moves written in parentheses), or on both. Every step
/// takes <see cref="Normal"/>, <see cref="Inverse"/> and <see cref="Linear"/>; only steps that may
/// switch sides mid-solution (EO, DR, HTR) take <see cref="Mixed"/> and <see cref="All"/> (see
/// <see cref="StepSolver.Describe"/>); another step refuses them with
/// <see cref="System.ArgumentException"/> (code 6, <c>step corners cannot switch NISS sides:
/// niss mode all is not available for it</c>).
/// </summary>
public enum NissMode
{
    /// <summary>Moves on the scrambled cube only (engine code 0).</summary>
    Normal = 0,

    /// <summary>Moves on the inverse scramble only, written in parentheses (engine code 1).</summary>
    Inverse = 1,

    /// <summary>Solutions of <see cref="Normal"/> and of <see cref="Inverse"/> (engine code 2).</summary>
    Linear = 2,

    /// <summary>Moves on both sides in one solution (engine code 3).</summary>
    Mixed = 3,

    /// <summary>Every solution of <see cref="Linear"/> and <see cref="Mixed"/> (engine code 4).</summary>
    All = 4,
}
