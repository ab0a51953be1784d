// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title FrozenToken
/// @notice An ERC-20 whose balances can be read but never moved: `transfer` and `transferFrom`
///         always revert. The sandbox holds it so a wallet's Send view meets a node's
///         "execution reverted" on a token the account really holds.
contract FrozenToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address account => uint256) public balanceOf;
    mapping(address account => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error LengthMismatch();

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory recipients,
        uint256[] memory amounts
    ) {
        if (recipients.length != amounts.length) revert LengthMismatch();
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        for (uint256 i = 0; i < recipients.length; i++) {
            totalSupply += amounts[i];
            balanceOf[recipients[i]] += amounts[i];
            emit Transfer(address(0), recipients[i], amounts[i]);
        }
    }

    function transfer(address, uint256) external pure returns (bool) {
        revert("FrozenToken: transfers are frozen");
    }

    function transferFrom(address, address, uint256) external pure returns (bool) {
        revert("FrozenToken: transfers are frozen");
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }
}
